-- expect: WARN stateful-without-ttl
-- expect-rewrite: window-aggregate
-- Hourly order totals per region LEFT JOINed to the same hour's refund totals per region, both tables with a
-- WATERMARK: two aggregations that print alike (GroupAggregate(groupBy=[hr, region])) under a join on hr and region.
-- Each one's window-aggregate rewrite is proven for its own finding: the proof finds the other aggregation, the one
-- the rewrite leaves, by the table it reads and the join's side it is on, not by its printed line; the join's keys
-- print otherwise once one side is a window aggregation, and it is the same join still. 1093's shape with the refunds
-- per hour.
CREATE TABLE orders (
  region STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.region.length' = '1');

CREATE TABLE refunds (
  region STRING,
  refund DOUBLE,
  refunded_at TIMESTAMP(3),
  WATERMARK FOR refunded_at AS refunded_at - INTERVAL '5' SECOND
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
