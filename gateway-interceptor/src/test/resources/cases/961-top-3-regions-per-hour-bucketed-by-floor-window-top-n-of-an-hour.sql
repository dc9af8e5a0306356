-- expect: BLOCK unbounded-rank
-- expect-fix-absent: INTERVAL '5' MINUTE
-- The three best regions of each hour, the hour a FLOOR(order_time TO HOUR) bucket of the aggregation below: a Rank
-- over a GroupAggregate's updating result. A window Top-N of it must window the orders by the bucket's hour: totals of
-- 5-minute windows would rank parts of an hour, not the hour.
CREATE TABLE orders (
  order_id STRING,
  region STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.region.length' = '1');

SELECT hr, region, total FROM (
  SELECT hr, region, total,
         ROW_NUMBER() OVER (PARTITION BY hr ORDER BY total DESC) AS rn
  FROM (
    SELECT FLOOR(order_time TO HOUR) AS hr, region, SUM(amount) AS total
    FROM orders
    GROUP BY FLOOR(order_time TO HOUR), region
  )
) WHERE rn <= 3;
