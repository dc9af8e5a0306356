-- expect: BLOCK unbounded-over-aggregate
-- expect-absent: stateful-without-ttl
-- An OVER ordered by a column that is no time attribute (Flink 2.2+ plans it, NonTimeRangeUnboundedPrecedingFunction):
-- unbounded-over-aggregate's, which says it keeps every row; not reported a second time as stateful-without-ttl.
CREATE TABLE orders (
  order_id STRING,
  customer_id STRING,
  amount INT
) WITH ('connector' = 'datagen');

SELECT order_id, customer_id, SUM(amount) OVER (PARTITION BY customer_id ORDER BY amount) AS total
FROM orders;
