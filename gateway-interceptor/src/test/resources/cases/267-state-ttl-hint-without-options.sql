-- expect: BLOCK planner-error
-- A STATE_TTL hint with no options: Flink refuses it with an AssertionError ("Invalid STATE_TTL hint,
-- expecting at least one key-value options"), an Error, not an Exception. It is Flink's own rejection of the
-- statement, returned with Flink's message, as any other.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3)
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT /*+ STATE_TTL() */ user_id, SUM(amount) AS total
FROM orders
GROUP BY user_id;
