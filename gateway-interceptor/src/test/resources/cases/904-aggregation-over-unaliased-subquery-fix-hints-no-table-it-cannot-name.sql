-- expect: WARN stateful-without-ttl
-- expect-fix: or for this aggregation alone a STATE_TTL hint on its SELECT once its subquery has an alias, naming that alias = '1 d' (not 'MyTable', which the subquery reads: Flink refuses a hint key that is not an input of the hinted SELECT)
-- expect-fix-absent: /*+ STATE_TTL('MyTable' = '1 d') */ on its SELECT
-- Flink's plan test TwoStageAggregateTest#testGroupAggregateWithExpressionInSelect (mini-batch, two-phase): the
-- aggregating SELECT reads a subquery without an alias. Before, the fix offered "/*+ STATE_TTL('MyTable' = '1 d') */
-- on its SELECT": Flink 2.3.0 refuses that hint there ("The options of following hints cannot match the name of input
-- tables or views"; the guard's own ttl-hint-ignored BLOCKs it), MyTable being the subquery's input, not the SELECT's.
-- Linted with the subquery given an alias s and STATE_TTL('s' = '1 d'): it plans, and the aggregation keeps a TTL.
CREATE TABLE MyTable (
  a INT,
  b BIGINT,
  c STRING
) WITH ('connector' = 'datagen');

SET 'table.exec.mini-batch.enabled' = 'true';
SET 'table.exec.mini-batch.allow-latency' = '1 s';
SET 'table.exec.mini-batch.size' = '3';
SET 'table.optimizer.agg-phase-strategy' = 'TWO_PHASE';

SELECT MIN(c), AVG(a) FROM (SELECT a, b + 3 AS d, c FROM MyTable) GROUP BY d;
