-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-fix: Set a state TTL longer than a value of COUNT(DISTINCT buyer), SUM(DISTINCT amount) keeps coming back to its key (shop), or only where a value counted or added again is acceptable
-- expect-fix: a TTL expires each distinct value of a key the TTL after it was first counted or added, however often it comes again, even while the key stays active
-- expect-fix-absent: Set a state TTL longer than a key (shop) stays active
-- A keyed aggregation over an insert-only input with DISTINCT calls of a column it does not group by. Under a TTL
-- Flink 2.3.0 writes a distinct value's state entry only when the value is new to its key (DistinctAggCodeGen), so
-- the entry expires the TTL after the value was first counted even while the shop keeps selling, and the value is
-- counted (added) again. The fix said "a TTL longer than a key (shop) stays active", which does not keep it exact;
-- the changes: line of the rewrite already said so.
CREATE TABLE purchases (
  shop STRING,
  buyer STRING,
  amount BIGINT
) WITH ('connector' = 'datagen');

CREATE TABLE shop_buyers (
  shop STRING,
  buyers BIGINT,
  distinct_amounts BIGINT
) WITH ('connector' = 'blackhole');

INSERT INTO shop_buyers
SELECT shop, COUNT(DISTINCT buyer), SUM(DISTINCT amount)
FROM purchases
GROUP BY shop;
