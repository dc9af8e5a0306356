-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-fix: keeps coming back to its key (region, shop), or only where a value counted again is acceptable: a TTL expires each distinct value of a key and bucket
-- expect-fix: counted again into the key's total (the final aggregation's)
-- expect-fix: (it reaches the split's partial aggregation too, whose DISTINCT values it expires one by one, so a value can be counted again
-- expect-fix-absent: stays active: SET 'table.exec.state.ttl' = '1 d', or for this aggregation alone
-- table.optimizer.distinct-agg.split.enabled with a GROUP BY of two keys: the partial aggregation (partialFinalType=
-- [PARTIAL]) keeps each distinct user_id per region, shop and bucket, and a TTL expires each the TTL after it was first
-- counted, however often it comes again; the partial count then grows by one, and the final aggregation adds it to the
-- key's total. The partial's fix said "longer than a key (region, shop) stays active"; the final's SET reaches the
-- partial too, which its fix now says.
CREATE TABLE page_views (
  region STRING,
  shop STRING,
  user_id BIGINT
) WITH ('connector' = 'datagen');

SET 'table.optimizer.distinct-agg.split.enabled' = 'true';

SELECT region, shop, COUNT(DISTINCT user_id) AS visitors
FROM page_views
GROUP BY region, shop;
