-- expect: WARN stateful-without-ttl
-- expect-fix: over TABLE(TUMBLE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '1' HOUR))
-- expect-fix-absent: TABLE(CUMULATE(
-- Hourly totals per region (FLOOR(order_time TO HOUR)) joined to each region's target by a regular join: the join reads
-- the aggregation's rows as rows of its own, so a CUMULATE step's result so far would be joined as a new row beside the
-- region's earlier ones. The window-aggregate rewrite offers TUMBLE alone there, and the fix, from the same source,
-- names TUMBLE first and no CUMULATE window.
CREATE TABLE orders (
  order_id STRING,
  region STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.region.length' = '1');

CREATE TABLE targets (
  region STRING,
  target DOUBLE
) WITH ('connector' = 'datagen', 'rows-per-second' = '1', 'fields.region.length' = '1');

SELECT t.hr, t.region, t.total, g.target
FROM (
  SELECT FLOOR(order_time TO HOUR) AS hr, region, SUM(amount) AS total
  FROM orders
  GROUP BY FLOOR(order_time TO HOUR), region
) AS t
JOIN targets AS g ON t.region = g.region;
