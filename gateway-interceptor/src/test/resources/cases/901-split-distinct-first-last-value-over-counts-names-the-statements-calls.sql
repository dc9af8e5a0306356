-- expect: WARN stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- expect-reason: each holding the distinct values of COUNT(DISTINCT c) that fall in its bucket
-- expect-reason-absent: bucket of its DISTINCT values ever seen, so the state grows
-- Flink's plan test DistinctAggregateTest#testFirstValueLastValueWithRetraction with split-distinct on: the upper
-- aggregation groups by the lower one's distinct count b, and its FIRST_VALUE(c), LAST_VALUE(c) retract. Flink plans
-- both aggregations split (GroupAggregate partialFinalType=[PARTIAL] per b and bucket, then [FINAL] per b); the final
-- one's calls are FIRST_VALUE_RETRACT of the partial FIRST_VALUE. Before: the changes: line named
-- "FIRST_VALUE(FIRST_VALUE(c)), LAST_VALUE(LAST_VALUE(c))", calls the statement does not write.
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
  b, FIRST_VALUE(c), LAST_VALUE(c), COUNT(DISTINCT c)
FROM(
  SELECT
    a, COUNT(DISTINCT b) as b, MAX(b) as c
  FROM MyTable
  GROUP BY a
) GROUP BY b;
