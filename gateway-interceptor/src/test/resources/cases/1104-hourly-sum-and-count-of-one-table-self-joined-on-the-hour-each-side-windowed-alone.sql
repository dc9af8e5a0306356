-- expect: WARN stateful-without-ttl
-- expect-rewrite: window-aggregate
-- Two aggregations of one table per hour and region (a sum and a count) joined on hr and region: they print alike and
-- read the same table, and only the join's side tells them apart. Each finding's window-aggregate rewrite windows its
-- own side: the rewrite of the other side leaves the finding's aggregation where it was, and its proof says so.
CREATE TABLE orders (
  region STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.region.length' = '1');

SELECT s.hr, s.region, s.sold, c.orders_placed
FROM (
  SELECT FLOOR(order_time TO HOUR) AS hr, region, SUM(amount) AS sold
  FROM orders
  GROUP BY FLOOR(order_time TO HOUR), region
) AS s
JOIN (
  SELECT FLOOR(order_time TO HOUR) AS hr, region, COUNT(*) AS orders_placed
  FROM orders
  GROUP BY FLOOR(order_time TO HOUR), region
) AS c ON s.hr = c.hr AND s.region = c.region;
