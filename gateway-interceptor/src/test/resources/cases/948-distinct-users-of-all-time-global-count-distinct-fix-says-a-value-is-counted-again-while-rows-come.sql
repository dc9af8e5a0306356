-- expect: WARN stateful-without-ttl
-- expect-fix: Set a state TTL longer than a value of COUNT(DISTINCT user_id) keeps coming back, or only where a value counted again is acceptable
-- expect-fix: however often it comes again, while rows keep coming
-- expect-fix-absent: longer than the stream stays idle
-- A global COUNT(DISTINCT) over an insert-only input, not split: its one accumulator is written at every row, and a
-- TTL expires each user_id the TTL after it was first counted, while rows keep coming. The fix said "a TTL longer than
-- the stream stays idle", which does not keep the count exact.
CREATE TABLE logins (
  user_id BIGINT,
  device STRING
) WITH ('connector' = 'datagen');

SELECT COUNT(DISTINCT user_id) AS users FROM logins;
