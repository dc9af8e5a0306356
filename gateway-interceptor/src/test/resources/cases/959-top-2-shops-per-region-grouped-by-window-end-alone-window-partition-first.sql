-- expect: BLOCK unbounded-rank window-aggregate-not-recognized
-- expect-rewrite: window-partition
-- The two best shops per region, over an aggregation of a 15-minute HOP grouped by window_end, region and shop (not
-- window_start): a GroupAggregate ranked by a Rank partitioned by region alone, which keeps every window's totals.
-- The BLOCK's first rewrite groups by both window columns, selects window_start and partitions by both.
CREATE TABLE sales (
  shop STRING,
  region STRING,
  amount DOUBLE,
  sold_at TIMESTAMP(3),
  WATERMARK FOR sold_at AS sold_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.region.length' = '1', 'fields.shop.length' = '2');

SELECT window_end, region, shop, total FROM (
  SELECT window_end, region, shop, total,
         ROW_NUMBER() OVER (PARTITION BY region ORDER BY total DESC) AS rn
  FROM (
    SELECT window_end, region, shop, SUM(amount) AS total
    FROM TABLE(HOP(TABLE sales, DESCRIPTOR(sold_at), INTERVAL '5' MINUTE, INTERVAL '15' MINUTE))
    GROUP BY window_end, region, shop
  )
) WHERE rn <= 2;
