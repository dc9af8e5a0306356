-- expect: WARN stateful-without-ttl
-- expect-reason: keeps an accumulator per bucket of DISTINCT values
-- expect-reason: each holding the distinct values of COUNT(DISTINCT c) that fall in its bucket, so the state grows as long as new distinct values arrive.
-- expect-reason-absent: has no GROUP BY key, so it keeps one accumulator for all rows
-- Flink's plan test DistinctAggregateTest#testSingleDistinctAgg, SELECT COUNT(DISTINCT c) FROM MyTable, with
-- split-distinct and mini-batch two-phase: no GROUP BY, so the partial aggregation (an IncrementalGroupAggregate)
-- is keyed by the bucket alone (MOD(HASH_CODE(c), 1024)), each entry holding the distinct values of its bucket.
-- Before: "IncrementalGroupAggregate[6] has no GROUP BY key, so it keeps one accumulator for all rows", read from
-- the final aggregation's keys (none), where it keeps one per bucket.
CREATE TABLE MyTable (
  a INT,
  b BIGINT,
  c STRING
) WITH ('connector' = 'datagen');

SET 'table.exec.mini-batch.enabled' = 'true';
SET 'table.exec.mini-batch.allow-latency' = '1 s';
SET 'table.exec.mini-batch.size' = '3';
SET 'table.optimizer.agg-phase-strategy' = 'TWO_PHASE';
SET 'table.optimizer.distinct-agg.split.enabled' = 'true';

SELECT COUNT(DISTINCT c) FROM MyTable;
