-- expect: WARN stateful-without-ttl
-- expect-rewrite: window-aggregate
-- A daily revenue report bucketed by CAST(order_time AS DATE): the group aggregation keeps every day's total
-- forever. The rewrite is a TUMBLE window of 1 day (not the 5-minute default), and the day column stays a DATE:
-- CAST(window_start AS DATE).
CREATE TABLE orders (
  order_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT CAST(order_time AS DATE) AS order_day, SUM(amount) AS revenue
FROM orders
GROUP BY CAST(order_time AS DATE);
