-- expect: BLOCK unbounded-rank window-aggregate-not-recognized
-- expect-rewrite: window-partition
-- expect-fix: group the aggregation below by both window columns (GroupAggregate[
-- expect-fix: GROUP BY window_start, window_end, window_time, region, a window aggregation
-- The three largest region totals of each hour with no PARTITION BY, over an aggregation of a 1-hour TUMBLE grouped by
-- window_time and region: a GroupAggregate (an updating result) keyed by window_time, ranked by a Rank with
-- partitionBy=[]. The BLOCK's first rewrite is the structural one: the aggregation grouped by the window's bounds
-- beside window_time, the bounds selected, and the ranking partitioned by them (a window aggregation and a WindowRank).
CREATE TABLE orders (
  order_id STRING,
  region STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.region.length' = '1');

SELECT window_time, region, total FROM (
  SELECT window_time, region, total,
         ROW_NUMBER() OVER (ORDER BY total DESC) AS rn
  FROM (
    SELECT window_time, region, SUM(amount) AS total
    FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '1' HOUR))
    GROUP BY window_time, region
  )
) WHERE rn <= 3;
