-- expect: WARN stateful-without-ttl
-- expect-fix: or for this aggregation alone /*+ STATE_TTL('o' = '1 d') */ on its SELECT
-- expect-fix: a STATE_TTL hint on the EXISTS subquery's SELECT does not reach this aggregation
-- The orders of each customer whose orders sum above 1000, the EXISTS subquery aggregating the same table as the
-- outer query. Flink drops a STATE_TTL hint on the EXISTS's aggregating SELECT (case 874), not on the outer one. The
-- fact was matched by table name, so the outer aggregation of orders lost its hint offer too; now the aggregation
-- is the EXISTS's only where the plan has it on the SEMI join's right input (StatefulWithoutTtlRule#existsAggregate).
CREATE TABLE orders (
  order_id STRING,
  customer_id STRING,
  amount DOUBLE
) WITH ('connector' = 'datagen');

SELECT customer_id, COUNT(*) AS order_count
FROM orders AS o
WHERE EXISTS (
  SELECT r.customer_id FROM orders AS r
  WHERE r.customer_id = o.customer_id
  GROUP BY r.customer_id
  HAVING SUM(r.amount) > 1000)
GROUP BY customer_id;
