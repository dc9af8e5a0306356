-- expect: WARN stateful-without-ttl
-- expect-rewrite: window-aggregate
-- A daily revenue report per region written into a sink, the day as DATE_FORMAT(order_time, 'yyyy-MM-dd')
-- and the table read under an alias: the rewrites read TABLE(CUMULATE(TABLE orders, DESCRIPTOR(order_time),
-- INTERVAL '1' HOUR, INTERVAL '1' DAY)) AS o (the day's revenue so far, each hour, as new rows) and the
-- TUMBLE window of a day (once, at the day's end); the day column keeps its expression over window_start.
CREATE TABLE orders (
  order_id STRING,
  region STRING,
  amount DECIMAL(10, 2),
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE daily_revenue (
  region STRING,
  order_day STRING,
  revenue DECIMAL(38, 2)
) WITH ('connector' = 'blackhole');

INSERT INTO daily_revenue
SELECT o.region,
       DATE_FORMAT(o.order_time, 'yyyy-MM-dd') AS order_day,
       SUM(o.amount) AS revenue
FROM orders AS o
GROUP BY DATE_FORMAT(o.order_time, 'yyyy-MM-dd'), o.region;
