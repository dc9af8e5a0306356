-- expect: WARN stateful-without-ttl
-- Unquoted SET and RESET, as Flink's gateway accepts them: the RESET takes the TTL back to 0, so the
-- aggregation's state never expires (its compiled plan gives groupAggregateState 0 ms).
SET table.exec.state.ttl = '1 d';

RESET table.exec.state.ttl;

CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  pt AS PROCTIME(),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT user_id, COUNT(*) AS orders_count FROM orders GROUP BY user_id;
