-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-reason: keeps an accumulator per shop and bucket of its DISTINCT values
-- expect-reason-absent: grouping set
-- The same distinct counts under mini-batch two-phase aggregation (DistinctAggregateTest's MiniBatch_TwoPhase with
-- split-distinct): Flink plans Local-, Incremental- and GlobalGroupAggregate. The IncrementalGroupAggregate keeps
-- the partial state per shop and bucket, not per grouping set; the hint rewrite is the statement's own SELECT with
-- the hint, no aggregate rewritten over another (the SQL is pinned by this case's rewrite).
CREATE TABLE purchases (
  shop STRING,
  buyer STRING,
  amount BIGINT
) WITH ('connector' = 'datagen');

CREATE TABLE shop_buyers (
  shop STRING,
  buyers BIGINT,
  amounts BIGINT
) WITH ('connector' = 'blackhole');

SET 'table.exec.mini-batch.enabled' = 'true';
SET 'table.exec.mini-batch.allow-latency' = '1 s';
SET 'table.exec.mini-batch.size' = '100';
SET 'table.optimizer.agg-phase-strategy' = 'TWO_PHASE';
SET 'table.optimizer.distinct-agg.split.enabled' = 'true';

INSERT INTO shop_buyers
SELECT shop, COUNT(DISTINCT buyer), SUM(DISTINCT amount)
FROM purchases
GROUP BY shop;
