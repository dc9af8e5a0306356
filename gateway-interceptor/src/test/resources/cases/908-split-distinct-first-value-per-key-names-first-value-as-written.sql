-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- Flink's plan test IncrementalAggregateTest (DistinctAggregateTest#testSingleFirstValueWithDistinctAgg with
-- split-distinct, mini-batch two-phase): Flink splits FIRST_VALUE(c) beside COUNT(DISTINCT b), per a and the buckets
-- of b and c, and the final aggregation merges the partial results with a retracting FIRST_VALUE, which keeps every
-- partial value it may fall back to. The golden's changes: line names it FIRST_VALUE(c), as the statement writes it
-- (before: "FIRST_VALUE(FIRST_VALUE(c))"), and no longer calls the final aggregation over its own partial one "an
-- aggregation that reads another's result (as a count of counts does)".
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

SELECT a, FIRST_VALUE(c), COUNT(DISTINCT b) FROM MyTable GROUP BY a;
