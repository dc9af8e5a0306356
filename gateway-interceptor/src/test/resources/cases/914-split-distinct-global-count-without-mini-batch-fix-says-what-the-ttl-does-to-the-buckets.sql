-- expect: WARN stateful-without-ttl
-- expect-fix: only where counting a value again is acceptable: a TTL expires each distinct value of COUNT(DISTINCT user_id) in a bucket
-- expect-fix: the TTL after it was first counted, however often it comes again
-- expect-fix-absent: longer than the stream stays idle
-- expect-fix-absent: a grouping set
-- Case 903 without mini-batch: the partial aggregation is a GroupAggregate (partialFinalType=[PARTIAL]) keyed by the
-- bucket alone, MOD(HASH_CODE(user_id), 1024). Before, its fix read "longer than a key (a grouping set) stays
-- active" (and 903's "longer than the stream stays idle (a TTL also resets the totals then)"): a TTL expires each
-- distinct value on its own, the TTL after it was first counted (Flink writes a value's entry only when it is new),
-- and the value is counted again; the total, kept by the final aggregation, is not reset by it.
CREATE TABLE page_views (
  user_id BIGINT,
  url STRING
) WITH ('connector' = 'datagen');

SET 'table.optimizer.distinct-agg.split.enabled' = 'true';

SELECT COUNT(DISTINCT user_id) AS visitors FROM page_views;
