-- expect: WARN stateful-without-ttl
-- expect-rewrite: window-aggregate
-- Hourly totals per region, FLOOR(order_time TO HOUR) buckets, kept where above 100 by a filter over them: a
-- GroupAggregate, whose rows a Calc passes on as they are. window-aggregate's CUMULATE rewrite (each hour's totals so
-- far, every minute) stands alone: nothing above it keeps state, so no SET comes before it.
CREATE TABLE orders (
  order_id STRING,
  region STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.region.length' = '1');

SELECT hr, region, total FROM (
  SELECT FLOOR(order_time TO HOUR) AS hr, region, SUM(amount) AS total
  FROM orders
  GROUP BY FLOOR(order_time TO HOUR), region
) WHERE total > 100;
