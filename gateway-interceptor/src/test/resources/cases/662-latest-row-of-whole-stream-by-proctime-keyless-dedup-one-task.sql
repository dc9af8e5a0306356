-- expect: WARN global-rank
-- expect-reason: This Deduplicate has no PARTITION BY, so all rows go to a single parallel instance
-- expect-reason: Every row read replaces it, and the result with it
-- expect-fix: partition the ROW_NUMBER() by that key
-- expect-rewrite: window-top-n
-- Flink's DeduplicateTest#testSimpleLastRowOnBuiltinProctime (apache/flink, flink-table-planner's plan/stream/sql/):
-- the latest row of the whole stream by PROCTIME(), no PARTITION BY. Flink plans Deduplicate(keep=[LastRow], key=[])
-- behind Exchange(distribution=[single]): one task reads every row and updates the one result row for each. Its
-- state is one row, but the guard said nothing: global-rank judged a Rank without PARTITION BY, not a Deduplicate.
-- The window-top-n rewrite keeps ORDER BY PROCTIME() DESC inside a window of rowtime: its changes: now says each
-- window keeps the row that arrived last, not its latest by rowtime (round 56, golden 662).
CREATE TABLE MyTable (
  a INT,
  b BIGINT,
  c STRING,
  rowtime TIMESTAMP(3),
  WATERMARK FOR rowtime AS rowtime - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT a, b, c FROM (
  SELECT *, ROW_NUMBER() OVER (ORDER BY PROCTIME() DESC) AS rk FROM MyTable)
WHERE rk = 1;
