-- expect: OK
-- A TTL of exactly sql-guard.max-state-ttl (365 d) expires: allowed.
SET 'table.exec.state.ttl' = '365 d';

CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT user_id, SUM(amount) AS total FROM orders GROUP BY user_id;
