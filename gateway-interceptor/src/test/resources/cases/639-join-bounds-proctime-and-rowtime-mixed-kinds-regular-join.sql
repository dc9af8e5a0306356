-- expect: WARN stateful-without-ttl
-- expect-reason: from below only
-- expect-reason: a comparison with a time attribute of the other kind, or through a cast or a function, is no bound of one
-- expect-reason-absent: is computed from PROCTIME
-- expect-fix: Give the condition the upper bound it lacks, on the same columns: AND t1.proctime <= t2.proctime + INTERVAL 'n' MINUTE
-- expect-fix-absent: t2.rowtime BETWEEN t1.rowtime - INTERVAL '1' HOUR
-- Flink's IntervalJoinTest#testInteravalDiffTimeIndicator: the lower bound compares the PROCTIME() columns, the upper
-- bound t1.proctime with t2.rowtime, an event-time attribute. Flink takes a comparison of time attributes of two kinds
-- as no interval join bound (IntervalJoinUtil#identifyTimePredicate), so one bound is left and Flink plans a regular
-- Join. The reason blamed the PROCTIME() columns as times "a row is read" (they are processing-time attributes, which
-- an interval join takes); the fix proposed an interval join over rowtime with an hour's bounds of its own.
CREATE TABLE MyTable (
  a INT,
  b STRING,
  c BIGINT,
  proctime AS PROCTIME(),
  rowtime TIMESTAMP(3),
  WATERMARK FOR rowtime AS rowtime
) WITH ('connector' = 'datagen');

CREATE TABLE MyTable2 (
  a INT,
  b STRING,
  c BIGINT,
  proctime AS PROCTIME(),
  rowtime TIMESTAMP(3),
  WATERMARK FOR rowtime AS rowtime
) WITH ('connector' = 'datagen');

SELECT t2.a FROM MyTable t1 JOIN MyTable2 t2 ON
  t1.a = t2.a AND
  t1.proctime > t2.proctime - INTERVAL '5' SECOND AND
  t1.proctime < t2.rowtime + INTERVAL '5' SECOND;
