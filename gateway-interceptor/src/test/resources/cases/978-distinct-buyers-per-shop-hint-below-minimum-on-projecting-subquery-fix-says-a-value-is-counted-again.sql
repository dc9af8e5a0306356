-- expect: WARN ttl-hint-ignored stateful-without-ttl
-- expect-fix: give that SELECT or the job a TTL of at least 1 min, longer than a value of COUNT(DISTINCT buyer) keeps coming back to its key (shop), or only where a value counted again is acceptable
-- expect-fix-absent: at least 1 min, longer than a key stays active
-- Distinct buyers per shop, the STATE_TTL hint ('30 s', below sql-guard.min-state-ttl) on a subquery that only
-- projects: Flink ignores it. ttl-hint-ignored's fix asked for a TTL "longer than a key stays active", which does not
-- keep COUNT(DISTINCT buyer) exact over an insert-only input: Flink writes a buyer's entry only when it is new to its
-- shop, so a TTL expires it that long after its first purchase even while the buyer keeps buying. The fix now gives
-- stateful-without-ttl's reading of it, from the same text (StatefulWithoutTtlRule#distinctTtl).
CREATE TABLE purchases (shop STRING, buyer STRING, amount DOUBLE) WITH ('connector' = 'datagen');

SELECT shop, COUNT(DISTINCT buyer) AS buyers
FROM (
  SELECT /*+ STATE_TTL('purchases' = '30 s') */ shop, buyer
  FROM purchases
  WHERE amount > 0
)
GROUP BY shop;
