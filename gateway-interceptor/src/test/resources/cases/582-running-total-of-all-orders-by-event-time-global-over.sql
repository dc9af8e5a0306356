-- expect: WARN global-rank
-- expect-absent: stateful-without-ttl
-- A running total over the whole stream (no PARTITION BY) ordered by the event-time attribute: one partition,
-- whose accumulator cannot grow with keys, so no stateful-without-ttl finding (as a global aggregation without
-- DISTINCT); Flink itself warns of no retention only for a partitioned OVER (StreamExecOverAggregate). One task
-- holds it: global-rank.
CREATE TABLE orders (
  order_id STRING,
  amount DECIMAL(10, 2),
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT order_id, SUM(amount) OVER (ORDER BY order_time) AS total_so_far
FROM orders;
