-- expect: BLOCK unbounded-rank window-rank-not-recognized
-- expect-rewrite: window-partition
-- expect-reason: partitioned by window_time without window_start and window_end, so Flink cannot plan it as a WindowRank
-- expect-fix: Partition by the window's bounds in place of window_time (PARTITION BY window_start, window_end): window_time is one value per window
-- expect-fix: ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY total DESC) (in place of window_time
-- expect-fix-absent: PARTITION BY window_start, window_end, window_time
-- The three best regions of each hour, ranked over an hourly window aggregation that groups by window_time too and
-- partitioned by window_time: Flink 2.3.0 and 1.20.0 plan a general Rank keyed by window_time (a window operator needs
-- both bounds among the keys: WindowUtil#groupingContainsWindowStartEnd), which keeps every hour's ranking. It got
-- unbounded-rank alone, whose fix proposed PARTITION BY window_start, window_end, window_time and said the WindowRank
-- "ranks each window's rows on their own, where this Rank ranks the rows of all windows together": partitioned by
-- window_time, the Rank already ranks each window on its own. PARTITION BY window_start, window_end plans a WindowRank.
CREATE TABLE orders (
  order_id STRING,
  region STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.region.length' = '1');

SELECT window_start, window_end, window_time, region, total FROM (
  SELECT window_start, window_end, window_time, region, total,
         ROW_NUMBER() OVER (PARTITION BY window_time ORDER BY total DESC) AS rn
  FROM (
    SELECT window_start, window_end, window_time, region, SUM(amount) AS total
    FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '1' HOUR))
    GROUP BY window_start, window_end, window_time, region
  )
) WHERE rn <= 3;
