-- expect: WARN stateful-without-ttl
-- A global aggregate with COUNT(DISTINCT user_id): one accumulator, but it keeps every distinct user_id it has
-- counted (a MapView per distinct aggregate), TTL 0: grows with every new user. The message names the call.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  category STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.user_id.length' = '3');

SELECT COUNT(DISTINCT user_id) AS buyers, COUNT(*) AS order_count FROM orders;
