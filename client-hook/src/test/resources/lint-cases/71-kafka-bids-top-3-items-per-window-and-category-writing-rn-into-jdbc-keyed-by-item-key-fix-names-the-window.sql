-- expect: BLOCK on-conflict-required
-- expect-rewrite: on-conflict
-- expect-reason: The query's upsert key [category, rn] differs from the primary key
-- expect-fix: Key the sink by the columns window_start, window_end, category, rn are written to (one sink row per window, category and rank, as the Top-N emits them)
-- expect-fix: Flink's key for the rows, (category, rn), leaves out the window's columns
-- expect-fix-absent: Key the sink by the query's key: declare it with PRIMARY KEY (category, rn) NOT ENFORCED
-- The three best-selling items of each category every ten minutes (a window Top-N partitioned by the window and the
-- category over a TUMBLE window aggregation), written with their row number into a jdbc table keyed by (window_start,
-- window_end, item). Flink 2.3.0 refuses it ("upsert key: [category, rn]"): a window Top-N's rows are keyed by its
-- partition columns other than the window's with its ROW_NUMBER (FlinkRelMdUniqueKeys#getRankUniqueKeys). Before
-- (round 68), the fix was that key, PRIMARY KEY (category, rn): it plans, but a sink keyed so holds one row per category
-- and rank across all windows, each window's top rows overwriting the last window's. The fix keys the sink by the window
-- too, as the Top-N emits its rows (lint case 72 plans it with no clause).
CREATE TABLE bids (
  item STRING,
  category STRING,
  price DECIMAL(10, 2),
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH ('connector' = 'kafka', 'topic' = 'bids', 'properties.bootstrap.servers' = 'kafka:9092', 'format' = 'json');

CREATE TABLE top_items (
  window_start TIMESTAMP(3),
  window_end TIMESTAMP(3),
  category STRING,
  item STRING,
  total DECIMAL(38, 2),
  rn BIGINT,
  PRIMARY KEY (window_start, window_end, item) NOT ENFORCED
) WITH ('connector' = 'jdbc', 'url' = 'jdbc:postgresql://db:5432/shop', 'table-name' = 'top_items');

INSERT INTO top_items
SELECT window_start, window_end, category, item, total, rn FROM (
  SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end, category ORDER BY total DESC) AS rn
  FROM (
    SELECT window_start, window_end, category, item, SUM(price) AS total
    FROM TABLE(TUMBLE(TABLE bids, DESCRIPTOR(ts), INTERVAL '10' MINUTE))
    GROUP BY window_start, window_end, category, item
  )
) WHERE rn <= 3;
