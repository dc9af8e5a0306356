-- expect: WARN stateful-without-ttl
-- expect-rewrite: window-aggregate
-- Hourly order totals LEFT JOINed to hourly refund totals whose columns are named apart (refund_hour, refund_region):
-- the aggregations print differently, the join does not print the same in the rewrite's plan (its right key is
-- refund_hour0 in the user's). The window-aggregate rewrite of the order totals is proven: the join it leaves is the
-- same operator over the same tables.
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
  SELECT FLOOR(refunded_at TO HOUR) AS refund_hour, region AS refund_region, SUM(refund) AS refunded
  FROM refunds
  GROUP BY FLOOR(refunded_at TO HOUR), region
) AS r ON o.hr = r.refund_hour AND o.region = r.refund_region;
