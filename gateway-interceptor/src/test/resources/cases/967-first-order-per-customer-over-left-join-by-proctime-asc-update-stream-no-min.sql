-- expect: BLOCK unbounded-rank
-- expect-fix: No WATERMARK or PROCTIME() order makes this Top-1 a Deduplicate, which Flink plans over an append-only input only
-- expect-fix-absent: MIN(
-- expect-fix-absent: in place of
-- The first order per customer by the PROCTIME() column of its subquery, over a LEFT join with the customers: the join
-- emits updates (a retraction when a customer row arrives after its orders), so Flink plans a Rank (RetractStrategy)
-- whatever it orders by; no Deduplicate is possible over it. Before: unbounded-rank offered "GROUP BY customer_id with
-- MIN(seen)", the arrival time of a customer's first order.
CREATE TABLE orders (
  order_id BIGINT,
  customer_id BIGINT,
  amount DECIMAL(10, 2)
) WITH ('connector' = 'datagen');

CREATE TABLE customers (
  customer_id BIGINT,
  region STRING
) WITH ('connector' = 'datagen');

SELECT customer_id, region, order_id, amount
FROM (
  SELECT o.customer_id, c.region, o.order_id, o.amount,
    ROW_NUMBER() OVER (PARTITION BY o.customer_id ORDER BY o.seen ASC) AS rn
  FROM (SELECT *, PROCTIME() AS seen FROM orders) AS o
  LEFT JOIN customers AS c ON o.customer_id = c.customer_id)
WHERE rn = 1;
