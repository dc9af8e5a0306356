-- expect: WARN stateful-without-ttl
-- expect-reason: t1.proctime and t2.proctime are processing-time attributes, but the condition bounds t1.proctime by t2.proctime from below only
-- expect-reason: Flink plans an interval join only for a lower and an upper bound on time attributes of one kind
-- expect-reason-absent: is computed from PROCTIME
-- expect-reason-absent: no WATERMARK is proposed
-- expect-fix: Give the condition the upper bound it lacks, on the same columns: AND t1.proctime <= t2.proctime + INTERVAL 'n' MINUTE
-- expect-fix-absent: t2.rowtime BETWEEN t1.rowtime - INTERVAL '1' HOUR
-- Flink's IntervalJoinTest#testInteravlJoinSingleTimeCondition (apache/flink, flink-table-planner's plan/stream/sql/
-- join/): a join bounded by the two tables' PROCTIME() columns from one side only. Flink plans a regular Join: an
-- interval join needs a lower and an upper bound (IntervalJoinUtil#extractWindowBoundsFromPredicate). The reason said
-- the PROCTIME() columns were "computed from PROCTIME, the time a row is read", that "no WATERMARK is proposed" and
-- that an interval join bounds times of one kind (both are processing time); the fix proposed an interval join on
-- the tables' other columns, rowtime, over an hour, in place of the bound the condition lacks.
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
  t1.a = t2.a AND t1.proctime > t2.proctime - INTERVAL '5' SECOND;
