-- expect: BLOCK planner-error
-- expect-fix: SESSION(TABLE MyTable PARTITION BY a, DESCRIPTOR(rowtime), ...) with the same gap
-- Flink's plan test WindowRankTest#testOnSessionWindowAggregate (a later Flink's): the session window table function
-- given its keys as a second DESCRIPTOR. Flink 2.3.0 refuses it, "Invalid number of arguments to function 'SESSION'"
-- (SqlSessionTableFunction: the table, the time column, the gap); the guard answered "Correct the statement as Flink's
-- message says", which names no argument. Flink 2.3 partitions sessions by a PARTITION BY in the table argument (the
-- statement written so plans a WindowRank over the session window aggregate; linted, round 61).
CREATE TABLE MyTable (
  a INT,
  b BIGINT,
  c STRING,
  d DECIMAL(10, 3),
  e BIGINT,
  rowtime TIMESTAMP(3),
  proctime AS PROCTIME(),
  WATERMARK FOR rowtime AS rowtime - INTERVAL '1' SECOND
) WITH ('connector' = 'datagen');

SELECT window_start, window_end, window_time, a, cnt, sum_d, max_d, uv
FROM (
SELECT *,
   ROW_NUMBER() OVER(PARTITION BY window_start, window_end ORDER BY cnt DESC) as rownum
FROM (
  SELECT
    a,
    window_start,
    window_end,
    window_time,
    count(*) as cnt,
    sum(d) as sum_d,
    max(d) filter (where b > 1000) as max_d,
    count(distinct c) AS uv
  FROM TABLE(
    SESSION(
      TABLE MyTable,
      DESCRIPTOR(rowtime),
      DESCRIPTOR(a),
      INTERVAL '15' MINUTE))
  GROUP BY a, window_start, window_end, window_time
  )
)
WHERE rownum <= 3;
