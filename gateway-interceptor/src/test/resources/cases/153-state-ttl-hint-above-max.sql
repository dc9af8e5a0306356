-- expect: WARN stateful-without-ttl
-- A STATE_TTL hint of a century covers the aggregation on paper only: above sql-guard.max-state-ttl it
-- counts as no TTL.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT /*+ STATE_TTL('orders' = '36500 d') */ user_id, COUNT(*) AS cnt FROM orders GROUP BY user_id;
