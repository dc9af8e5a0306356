-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-reason: a STATE_TTL hint pins its state to never expire (STATE_TTL('v' = '0')
-- expect-fix: STATE_TTL('v' = '1 d')
-- expect-fix-absent: Set a state TTL longer than a key
-- Page views per user through an aliased subquery pinned with STATE_TTL('v' = '0') under a session TTL of 12 h: the
-- compiled plan alone tells the pin (the aggregation at 0 ms where the session gives 12 h). The finding said "the
-- state TTL is 0" and offered the session SET, which the session already has and which does not reach the hinted
-- aggregation; it now names the pin and its change.
CREATE TABLE page_views (user_id STRING, url STRING, is_bot BOOLEAN) WITH ('connector' = 'datagen');

SET 'table.exec.state.ttl' = '12 h';

SELECT /*+ STATE_TTL('v' = '0') */ user_id, COUNT(*) AS page_count
FROM (SELECT user_id, url FROM page_views WHERE NOT is_bot) v
GROUP BY user_id;
