-- expect: WARN stateful-without-ttl
-- expect-rewrite: window-aggregate
-- Orders per user and hour bucketed by hand, written into a sink: the rewrite keeps the INSERT's columns.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE hourly_orders (user_id STRING, order_hour TIMESTAMP(3), orders_count BIGINT)
WITH ('connector' = 'blackhole');

INSERT INTO hourly_orders
SELECT user_id, FLOOR(order_time TO HOUR) AS order_hour, COUNT(*) AS orders_count
FROM orders
GROUP BY user_id, FLOOR(order_time TO HOUR);
