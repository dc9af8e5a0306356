-- expect: WARN stateful-without-ttl
-- expect-fix: , selecting CAST(window_start AS DATE) AS order_day in place of CAST(o.order_time AS DATE) AS order_day
-- expect-fix-absent: selecting window_start AS order_day
-- A daily revenue report per shop, the day a CAST(o.order_time AS DATE) through the table's alias, selected as
-- order_day. The fix now says which expression the SELECT keeps over the window: the same CAST of window_start, so
-- that order_day stays a DATE (window_start alone is a TIMESTAMP), as the window-aggregate rewrite writes it.
CREATE TABLE orders (
  order_id STRING,
  shop STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT o.shop, CAST(o.order_time AS DATE) AS order_day, SUM(o.amount) AS revenue
FROM orders AS o
GROUP BY o.shop, CAST(o.order_time AS DATE);
