-- expect: WARN stateful-without-ttl
-- expect-rewrite: window-aggregate
-- Orders per day by CAST(order_time AS DATE) with the day's weekday, DAYOFWEEK(CAST(order_time AS DATE)), a second use
-- of the bucket in another column (case 500 is DATE_FORMAT's inside IF): the window-aggregate rewrite now reads
-- window_start in both, so it plans and is offered before the TTL (issue 30 §2).
CREATE TABLE orders (
  order_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '10' SECOND
) WITH ('connector' = 'datagen');

SELECT CAST(order_time AS DATE) AS order_day,
  DAYOFWEEK(CAST(order_time AS DATE)) AS weekday,
  COUNT(*) AS orders,
  SUM(amount) AS revenue
FROM orders
GROUP BY CAST(order_time AS DATE);
