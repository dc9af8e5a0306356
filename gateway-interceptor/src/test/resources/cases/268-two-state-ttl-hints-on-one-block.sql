-- expect: WARN ttl-hint-ignored
-- expect-rewrite: hint-moved
-- expect-absent: stateful-without-ttl
-- Two STATE_TTL hints on one SELECT for the same input: Flink keeps the first ('2 d', the compiled plan's
-- TTL of the aggregation) and drops the second without a word. The guard says the second is superseded.
-- The rewrite (hint-moved) removes the superseded option, keeping what Flink applies: nothing changes in meaning.
SET 'table.exec.state.ttl' = '1 d';

CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3)
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT /*+ STATE_TTL('orders' = '2 d'), STATE_TTL('orders' = '3 d') */ user_id, SUM(amount) AS total
FROM orders
GROUP BY user_id;
