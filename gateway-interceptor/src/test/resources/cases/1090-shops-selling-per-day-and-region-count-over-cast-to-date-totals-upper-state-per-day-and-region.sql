-- expect: WARN stateful-without-ttl
-- expect-rewrite: window-aggregate
-- expect-fix: keeps its own state per sale_day, region, one entry per day and value of region (sale_day is the day of sold_at, CAST(sold_at AS DATE)) either way
-- expect-fix-absent: one entry per value either way
-- Shops selling per day and region: a COUNT per (sale_day, region) over totals per CAST(sold_at AS DATE), region and
-- shop. The upper aggregation's keys are a day and a region: its state is said as one entry per day and region.
CREATE TABLE sales (
  shop STRING,
  region STRING,
  amount DOUBLE,
  sold_at TIMESTAMP(3),
  WATERMARK FOR sold_at AS sold_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.shop.length' = '2', 'fields.region.length' = '1');

SELECT sale_day, region, COUNT(*) AS shops_selling FROM (
  SELECT CAST(sold_at AS DATE) AS sale_day, region, shop, SUM(amount) AS total
  FROM sales
  GROUP BY CAST(sold_at AS DATE), region, shop
)
GROUP BY sale_day, region;
