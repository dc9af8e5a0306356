-- expect: BLOCK unbounded-rank window-rank-not-recognized
-- expect-rewrite: window-partition
-- The best-selling product per region and 10-minute window, written into a sink, its ranking partitioned by
-- window_end and region but not window_start (a Top-1 by a count, no time order): a general Rank over the window
-- aggregation that keeps every window's ranking forever. The window-partition rewrite (window_start added beside
-- window_end) is the BLOCK's first rewrite, before the session TTL, as for case 264 and own 396: a qualified
-- window column (s.window_end) keeps its qualifier.
CREATE TABLE sales (
  product STRING,
  region STRING,
  sold_at TIMESTAMP(3),
  WATERMARK FOR sold_at AS sold_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.product.length' = '2',
        'fields.region.length' = '1');

CREATE TABLE best_sellers (
  window_end TIMESTAMP(3),
  region STRING,
  product STRING,
  sold BIGINT
) WITH ('connector' = 'blackhole');

INSERT INTO best_sellers
SELECT window_end, region, product, sold
FROM (
  SELECT s.window_end, s.region, s.product, s.sold,
         ROW_NUMBER() OVER (PARTITION BY s.window_end, s.region ORDER BY s.sold DESC) AS pos
  FROM (
    SELECT window_start, window_end, region, product, COUNT(*) AS sold
    FROM TABLE(TUMBLE(TABLE sales, DESCRIPTOR(sold_at), INTERVAL '10' MINUTE))
    GROUP BY window_start, window_end, region, product
  ) s
)
WHERE pos = 1;
