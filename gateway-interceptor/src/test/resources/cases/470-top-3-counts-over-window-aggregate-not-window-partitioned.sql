-- expect: BLOCK unbounded-rank
-- expect-fix: SET 'table.exec.state.ttl'
-- expect-fix-absent: a window Top-N (WindowRank) over the same windows
-- expect-fix-absent: INTERVAL '5' MINUTE
-- WindowRankTest's shape: a 15-minute window aggregation's counts ranked with ROW_NUMBER() OVER (PARTITION BY a
-- ORDER BY cnt DESC), rn <= 3. The partition lacks window_start and window_end, so Flink plans a Rank over the rows
-- of all windows, never freed. The structural fix is to add the window columns the rows already carry (a window
-- Top-N over the same 15-minute windows), not a new window of another size over the table (before: "over
-- TABLE(TUMBLE(TABLE MyTable, ..., INTERVAL '5' MINUTE))" where the Rank reads the TVF directly, and only a TTL
-- over a window aggregation). Round 48: nor the window Top-N over the same windows either: the aggregation groups
-- by a, the ranking's partition, so per window each partition holds one row (a ranking of nothing); the statement
-- ranks the windows of each a across all time, which only a TTL bounds (the window-partition rewrite declines it
-- too, WindowGrouping).
CREATE TABLE MyTable (
  a INT,
  b BIGINT,
  c STRING,
  rowtime TIMESTAMP(3),
  WATERMARK FOR rowtime AS rowtime - INTERVAL '1' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE top_counts (
  a INT,
  window_start TIMESTAMP(3),
  window_end TIMESTAMP(3),
  cnt BIGINT,
  rn BIGINT
) WITH ('connector' = 'blackhole');

INSERT INTO top_counts
SELECT a, window_start, window_end, cnt, rn
FROM (
  SELECT *, ROW_NUMBER() OVER (PARTITION BY a ORDER BY cnt DESC) AS rn
  FROM (
    SELECT a, window_start, window_end, COUNT(*) AS cnt
    FROM TABLE(TUMBLE(TABLE MyTable, DESCRIPTOR(rowtime), INTERVAL '15' MINUTE))
    GROUP BY a, window_start, window_end
  )
)
WHERE rn <= 3;
