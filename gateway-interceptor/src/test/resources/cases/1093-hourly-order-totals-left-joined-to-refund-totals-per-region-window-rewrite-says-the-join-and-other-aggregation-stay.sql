-- expect: WARN stateful-without-ttl
-- expect-rewrite: window-aggregate
-- Hourly order totals per region LEFT JOINed to each region's refund total so far: an aggregation per FLOOR(order_time
-- TO HOUR) and one per region under a regular join. The window-aggregate rewrite of the hourly totals bounds them
-- alone: the join and the refund totals keep their state with no TTL (each its own stateful-without-ttl finding,
-- still reported), which its changes say.
CREATE TABLE orders (
  region STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.region.length' = '1');

CREATE TABLE refunds (
  region STRING,
  refund DOUBLE,
  refunded_at TIMESTAMP(3)
) WITH ('connector' = 'datagen', 'rows-per-second' = '2', 'fields.region.length' = '1');

SELECT o.hr, o.region, o.sold, r.refunded
FROM (
  SELECT FLOOR(order_time TO HOUR) AS hr, region, SUM(amount) AS sold
  FROM orders
  GROUP BY FLOOR(order_time TO HOUR), region
) AS o
LEFT JOIN (
  SELECT region, SUM(refund) AS refunded
  FROM refunds
  GROUP BY region
) AS r ON o.region = r.region;
