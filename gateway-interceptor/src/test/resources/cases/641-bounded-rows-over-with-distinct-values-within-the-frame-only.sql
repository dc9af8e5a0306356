-- expect: WARN stateful-without-ttl
-- expect-reason: each holding the distinct values of COUNT(DISTINCT a), COUNT(DISTINCT c), SUM(DISTINCT c) within its frame only
-- expect-reason: (the frame bounds the rows per key, not the keys)
-- expect-reason-absent: every distinct value
-- expect-reason-absent: $SUM0
-- Flink's OverAggregateTest#testProctimeBoundedDistinctWithNonDistinctPartitionedRowOver (apache/flink,
-- flink-table-planner's plan/stream/sql/agg/): distinct counts and sums over the last three rows per b. The reason
-- said each key held "every distinct value of COUNT(DISTINCT a), COUNT(DISTINCT c), $SUM0(DISTINCT c) seen for it":
-- a bounded ROWS frame retracts the row that leaves it and its DISTINCT accumulator drops the value with it
-- (DistinctAggCodeGen#retract), so it holds the frame's values only; and $SUM0 is Flink's name for the SUM written.
CREATE TABLE MyTable (
  a INT,
  b STRING,
  c BIGINT,
  proctime AS PROCTIME(),
  rowtime TIMESTAMP(3),
  WATERMARK FOR rowtime AS rowtime
) WITH ('connector' = 'datagen');

SELECT b,
    COUNT(a) OVER (PARTITION BY b ORDER BY proctime
        ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) AS cnt1,
    SUM(a) OVER (PARTITION BY b ORDER BY proctime
        ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) AS sum1,
    COUNT(DISTINCT a) OVER (PARTITION BY b ORDER BY proctime
        ROWS BETWEEN 2 preceding AND CURRENT ROW) AS cnt2,
    sum(DISTINCT c) OVER (PARTITION BY b ORDER BY proctime
        ROWS BETWEEN 2 preceding AND CURRENT ROW) AS sum2
FROM MyTable;
