-- expect: WARN ttl-hint-ignored stateful-without-ttl
-- expect-fix: SET 'table.exec.state.ttl' = '2 h'; either way, give the aggregation a TTL longer than a value of COUNT(DISTINCT buyer) keeps coming back to its key (shop), or only where a value counted again is acceptable
-- expect-fix: even while the key stays active
-- Distinct buyers per shop, the STATE_TTL hint ('2 h', above sql-guard.min-state-ttl) on a subquery that only
-- projects: Flink ignores it. ttl-hint-ignored's fix for a hint at or above the minimum proposed the same '2 h' for the
-- job and said nothing of COUNT(DISTINCT buyer), which a TTL longer than a shop stays active does not keep exact
-- (Flink writes a buyer's entry only when it is new to its shop): the branch below the minimum said so since round 65
-- (case 978); both now give stateful-without-ttl's reading, from one text (StatefulWithoutTtlRule#distinctTtl).
CREATE TABLE purchases (shop STRING, buyer STRING, amount DOUBLE) WITH ('connector' = 'datagen');

SELECT shop, COUNT(DISTINCT buyer) AS buyers
FROM (
  SELECT /*+ STATE_TTL('purchases' = '2 h') */ shop, buyer
  FROM purchases
  WHERE amount > 0
)
GROUP BY shop;
