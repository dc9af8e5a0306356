-- expect: WARN global-rank
-- expect-absent: unbounded-rank window-rank-not-recognized
-- expect-rewrite: window-partition
-- expect-reason: It ranks the rows of every window together, its Top-3 one of all windows so far, not each window's on its own.
-- expect-fix: Where the Top-3 of each window is meant, partition by the window (ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY total DESC)) over the rows of the window aggregation
-- expect-fix: only the aggregation's results per window reach its one task
-- The three largest hourly region totals of all time, ranked with no PARTITION BY over an hourly window aggregation: a
-- Rank with partitionBy=[] over an append-only input (AppendFastStrategy), whose state cannot grow (three rows); one
-- task holds it. global-rank said so, but its fix ("Partition the ranking ..., or compute the global Top-N per window
-- from a pre-aggregated per-window result") did not see that the rows are a window aggregation's already: partitioned
-- by window_start, window_end Flink plans a WindowRank over it (the window-partition rewrite, proven).
CREATE TABLE orders (
  order_id STRING,
  region STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.region.length' = '1');

SELECT window_start, window_end, region, total FROM (
  SELECT window_start, window_end, region, total,
         ROW_NUMBER() OVER (ORDER BY total DESC) AS rn
  FROM (
    SELECT window_start, window_end, region, SUM(amount) AS total
    FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '1' HOUR))
    GROUP BY window_start, window_end, region
  )
) WHERE rn <= 3;
