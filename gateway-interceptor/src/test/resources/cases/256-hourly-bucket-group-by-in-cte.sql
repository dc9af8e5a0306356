-- expect: WARN stateful-without-ttl
-- expect-rewrite: window-aggregate
-- Revenue per hour bucketed by hand in a CTE (case 224), filtered outside: the group aggregation inside the
-- WITH item keeps its state forever; the rewrite puts the TUMBLE window aggregation in its place.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

WITH hourly AS (
  SELECT FLOOR(order_time TO HOUR) AS order_hour, SUM(amount) AS revenue
  FROM orders
  GROUP BY FLOOR(order_time TO HOUR)
)
SELECT order_hour, revenue FROM hourly WHERE revenue > 1000;
