-- expect: BLOCK rank-function-unsupported
-- expect-rewrite: tied-ranking-dropped row-number
-- expect-fix: Every row of a partition ties in ORDER BY a (one value within PARTITION BY a): RANK() numbers every row 1
-- expect-fix-absent: add a tiebreaker column
-- Flink's RankTest#testRankFunctionInMiddle (apache/flink, flink-table-planner's plan/stream/sql/): RANK() ordered by
-- its own partition key, so every row of a partition ties and ranks 1: rk < 10 keeps every row. The row-number
-- rewrite keeps 9 rows per a, any 9; its changes: said that tied rows get different numbers, not that every row ties
-- here and RANK() kept them all (golden 665). Its fix said "for ties, add a tiebreaker column to its ORDER BY", where
-- the ORDER BY ties every row and is itself what is missing: it now says so (round 56).
CREATE TABLE MyTable (
  a INT,
  b BIGINT,
  c STRING,
  rowtime TIMESTAMP(3),
  WATERMARK FOR rowtime AS rowtime - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SET 'table.exec.state.ttl' = '1 d';

SELECT a, b, c FROM (
  SELECT a, b, c, RANK() OVER (PARTITION BY a ORDER BY a) AS rk FROM MyTable)
WHERE rk < 10;
