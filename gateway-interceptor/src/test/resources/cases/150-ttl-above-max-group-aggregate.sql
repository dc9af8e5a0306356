-- expect: WARN stateful-without-ttl
-- A TTL of ten years is above sql-guard.max-state-ttl (365 d): the aggregation's state never expires
-- in practice, as with no TTL.
SET 'table.exec.state.ttl' = '3650 d';

CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT user_id, SUM(amount) AS total FROM orders GROUP BY user_id;
