-- expect: WARN ttl-hint-ignored stateful-without-ttl
-- expect-fix: give that SELECT or the job a TTL of at least 1 min, longer than a value of COUNT(DISTINCT user_id) keeps coming back, or only where a value counted again is acceptable
-- expect-fix: while rows keep coming
-- expect-fix-absent: at least 1 min, longer than a key stays active
-- All-time distinct users (a global COUNT(DISTINCT), no key) over a view whose SELECT only filters, its STATE_TTL hint
-- ('20 s', below sql-guard.min-state-ttl) ignored by Flink. ttl-hint-ignored's fix asked for a TTL "longer than a key
-- stays active", where the aggregation has no key and a TTL expires each user the TTL after it was first counted,
-- while rows keep coming: the fix now says so, as stateful-without-ttl's does (case 948).
CREATE TABLE logins (user_id STRING, country STRING) WITH ('connector' = 'datagen');

CREATE TEMPORARY VIEW eu_logins AS
SELECT /*+ STATE_TTL('logins' = '20 s') */ user_id FROM logins WHERE country = 'EU';

SELECT COUNT(DISTINCT user_id) AS users FROM eu_logins;
