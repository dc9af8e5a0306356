-- expect: WARN stateful-without-ttl
-- expect-rewrite: window-aggregate
-- Busy hours per shop over a TIMESTAMP_LTZ(3) rowtime, the hour also read inside another item and the HAVING
-- (HOUR(FLOOR(order_time TO HOUR)), the hour of day in the session time zone). The window-aggregate rewrite writes
-- each occurrence of the bucket as CAST(window_start AS TIMESTAMP_LTZ(3)), so the items keep their type and value
-- (golden 697); before, the rewrite's columns differed and it was not offered.
CREATE TABLE orders (
  shop_id STRING,
  amount DECIMAL(10, 2),
  order_time TIMESTAMP_LTZ(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '10' SECOND
) WITH ('connector' = 'datagen');

SELECT shop_id,
       FLOOR(order_time TO HOUR) AS order_hour,
       HOUR(FLOOR(order_time TO HOUR)) AS hour_of_day,
       COUNT(*) AS orders
FROM orders
GROUP BY shop_id, FLOOR(order_time TO HOUR)
HAVING HOUR(FLOOR(order_time TO HOUR)) BETWEEN 8 AND 20;
