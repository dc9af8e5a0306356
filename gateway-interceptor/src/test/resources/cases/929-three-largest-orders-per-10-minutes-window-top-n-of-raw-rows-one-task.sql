-- expect: WARN global-rank
-- expect-reason: This WindowRank is partitioned by the window alone (partitionBy=[] beside window_start, window_end), so every row of the window table function goes to a single parallel instance
-- expect-reason: its state stays bounded (at most 3 rows per window, freed when the window closes)
-- expect-fix: first per window and a key of the rows (ROW_NUMBER() OVER (PARTITION BY window_start, window_end, the key ORDER BY amount DESC) <= 3
-- expect-fix: then this ranking, per window alone, over that result: at most 3 rows per key and window then reach the one task
-- The three largest orders of every 10 minutes, ranked straight over the window TVF with PARTITION BY window_start,
-- window_end and no other key: Flink 2.3.0 and 1.20.0 plan a WindowRank with partitionBy=[] behind
-- Exchange(distribution=[single]), so one task reads every order, as an ORDER BY ... LIMIT over the stream does (shared
-- case 40, WARN global-rank); its state is a window's Top-3, freed when the window closes. The guard said nothing
-- (global-rank left out every WindowRank). Ranked first per window and region (a WindowRank keyed by region, in
-- parallel) and then per window over that result, Flink plans two WindowRanks and only three rows per region and
-- window reach the one task. Over a window aggregation (shared case 10) only the per-window totals reach it: no finding.
CREATE TABLE orders (
  order_id STRING,
  region STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.region.length' = '1');

SELECT window_start, window_end, order_id, amount FROM (
  SELECT window_start, window_end, order_id, amount,
         ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY amount DESC) AS rn
  FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '10' MINUTES))
) WHERE rn <= 3;
