-- expect: WARN stateful-without-ttl
-- expect-rewrite: window-aggregate
-- 1102 with refunds that declare no WATERMARK: the hourly order totals can be a window aggregation, the refund totals
-- cannot. The join prints its right keys as Flink renames them (rightKeys=[hr0, region]), and otherwise in the
-- rewrite's plan: the window-aggregate rewrite of the order totals is proven, and says the join and the refund totals
-- keep their state with no TTL (each its own finding, still reported).
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
  SELECT FLOOR(refunded_at TO HOUR) AS hr, region, SUM(refund) AS refunded
  FROM refunds
  GROUP BY FLOOR(refunded_at TO HOUR), region
) AS r ON o.hr = r.hr AND o.region = r.region;
