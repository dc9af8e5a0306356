-- expect: WARN ttl-hint-ignored stateful-without-ttl
-- expect-fix: either way, give the aggregation a TTL longer than a value of COUNT(DISTINCT user_id) keeps coming back, or only where a value counted again is acceptable
-- expect-fix: while rows keep coming
-- All-time distinct users (a global COUNT(DISTINCT), no key) over a view whose SELECT only filters, its STATE_TTL hint
-- ('1 d', at or above sql-guard.min-state-ttl) ignored by Flink. The fix proposed '1 d' for the job with nothing on
-- what it does to COUNT(DISTINCT user_id): each user expires the TTL after it was first counted, while rows keep
-- coming, and is counted again. Case 979 is the same shape below the minimum.
CREATE TABLE logins (user_id STRING, country STRING) WITH ('connector' = 'datagen');

CREATE TEMPORARY VIEW eu_logins AS
SELECT /*+ STATE_TTL('logins' = '1 d') */ user_id FROM logins WHERE country = 'EU';

SELECT COUNT(DISTINCT user_id) AS users FROM eu_logins;
