-- expect: WARN stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- expect-reason: each holding the distinct values of COUNT(DISTINCT a) that fall in its bucket
-- expect-reason-absent: bucket of its DISTINCT values ever seen, so the state grows
-- Flink's plan test DistinctAggregateTest#testMinMaxWithRetraction with table.optimizer.distinct-agg.split.enabled
-- (its splitDistinctAggEnabled=true), mini-batch two-phase: the upper aggregation's MIN(b), MAX(b) read an updating
-- input (the lower AVG per a), so they keep every value they may fall back to. Flink splits the upper aggregation
-- into a partial one per c and bucket (an IncrementalGroupAggregate holding the DISTINCT values) and a final one
-- per c (partialFinalType=[FINAL]) whose calls merge the partial results. Before: the changes: line named the
-- final one's calls too, "MIN(...), MAX(...), MIN(b), MAX(b)", and the partial one's finding said its state grows
-- "as long as new c values arrive", leaving out the distinct values each entry holds.
CREATE TABLE MyTable (
  a INT,
  b BIGINT,
  c STRING
) WITH ('connector' = 'datagen');

SET 'table.exec.mini-batch.enabled' = 'true';
SET 'table.exec.mini-batch.allow-latency' = '1 s';
SET 'table.exec.mini-batch.size' = '3';
SET 'table.optimizer.distinct-agg.split.enabled' = 'true';

SELECT
  c, MIN(b), MAX(b), SUM(b), COUNT(*), COUNT(DISTINCT a)
FROM(
  SELECT
    a, AVG(b) as b, MAX(c) as c
  FROM MyTable
  GROUP BY a
) GROUP BY c;
