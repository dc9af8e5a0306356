-- expect: WARN stateful-without-ttl
-- expect-reason-absent: MIN(i)
-- expect-fix: Set a state TTL longer than a key (customer_id) stays active: SET 'table.exec.state.ttl' = '1 d', or for this aggregation alone /*+ STATE_TTL('orders' = '1 d') */ on its SELECT.
-- expect-fix: Set a state TTL longer than a key (region) stays active: SET 'table.exec.state.ttl' = '1 d' (it bounds every stateful operator of the job, the SEMI or ANTI join of the EXISTS too
-- The orders of each customer, counted in a subquery and kept while some region has more than 1000 orders: the
-- uncorrelated EXISTS subquery aggregates the same table. Flink drops a STATE_TTL hint on the EXISTS's aggregating
-- SELECT (case 873), not on the subquery's that counts per customer. The fact was matched by table name, so the count
-- per customer got the EXISTS's note too; now the aggregation is the EXISTS's only where the plan has it below the
-- SEMI join's right input (StatefulWithoutTtlRule#existsAggregate). The statement reads orders twice, under two names
-- (orders, r), and no hint was offered for the count (StatementNames#hint cannot tell the names apart by the plan's
-- scans); the count is now matched to the one SELECT that groups orders by customer_id, and its hint names that
-- SELECT's input, 'orders' (case 924; golden 896). That hint's state-ttl-hint rewrite was not proven: it hinted the
-- EXISTS's SELECT too, whose hint Flink drops, and its proof wanted every aggregation at the TTL; it now leaves that
-- SELECT and the aggregations under the SEMI join's right input as they are, and is proven. The aggregation Flink
-- builds for the EXISTS (MIN(i) of a constant TRUE, one value) is no longer reported nor named (case 955).
CREATE TABLE orders (
  order_id STRING,
  customer_id STRING,
  region STRING,
  amount DOUBLE
) WITH ('connector' = 'datagen');

SELECT customer_id, order_count
FROM (SELECT customer_id, COUNT(*) AS order_count FROM orders GROUP BY customer_id) AS t
WHERE EXISTS (
  SELECT r.region FROM orders AS r
  GROUP BY r.region
  HAVING COUNT(*) > 1000);
