-- expect: WARN ttl-bare-number
-- expect-rewrite: ttl-unit
-- A STATE_TTL hint of '6000000' is 100 min: '600000' (10 min) with an extra zero.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT /*+ STATE_TTL('orders' = '6000000') */ user_id, SUM(amount) AS total FROM orders GROUP BY user_id;
