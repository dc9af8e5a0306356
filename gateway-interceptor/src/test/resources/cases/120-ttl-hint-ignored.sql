-- expect: WARN ttl-hint-ignored
-- expect-rewrite: hint-moved
-- A STATE_TTL hint on a query with no join or aggregation: Flink ignores it.
SET 'table.exec.state.ttl' = '1 d';

CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  pt AS PROCTIME(),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT /*+ STATE_TTL('orders' = '1 h') */ order_id, amount FROM orders WHERE amount > 10;
