-- expect: WARN stateful-without-ttl
-- expect-rewrite: window-aggregate
-- How many regions sold in each hour: a COUNT per hour over totals per FLOOR(order_time TO HOUR) and region, an
-- aggregation over an aggregation. window-aggregate's rewrite of the inner one is a 1-hour TUMBLE alone: a CUMULATE
-- window's result so far at each step is a new row, which the outer COUNT would count once per step, not once per
-- region.
CREATE TABLE orders (
  order_id STRING,
  region STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.region.length' = '1');

SELECT hr, COUNT(*) AS regions FROM (
  SELECT FLOOR(order_time TO HOUR) AS hr, region, SUM(amount) AS total
  FROM orders
  GROUP BY FLOOR(order_time TO HOUR), region
)
GROUP BY hr;
