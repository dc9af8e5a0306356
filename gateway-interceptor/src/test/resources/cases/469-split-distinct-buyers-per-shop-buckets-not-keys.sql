-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-reason: keeps an accumulator per shop and bucket of its DISTINCT values
-- expect-reason-absent: a computed column
-- expect-reason-absent: HASH_CODE
-- expect-reason-absent: grouping set
-- Distinct buyers and distinct amounts per shop with split-distinct on (DistinctAggregateTest's
-- table.optimizer.distinct-agg.split.enabled): Flink splits the aggregation into a partial one per shop, bucket
-- (MOD(HASH_CODE(col), 1024)) and the Expand's copy number, and a final one per shop. The partial one's finding
-- names the statement's key and the buckets as what they are (before: "per shop, a computed column" or "per
-- grouping set"), and the hint's changes: line says what its TTL does to the DISTINCT values the partial one holds.
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

SET 'table.optimizer.distinct-agg.split.enabled' = 'true';

INSERT INTO shop_buyers
SELECT shop, COUNT(DISTINCT buyer), SUM(DISTINCT amount)
FROM purchases
GROUP BY shop;
