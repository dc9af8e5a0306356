-- expect: WARN stateful-without-ttl
-- expect-reason: the state TTL is 0 (Flink's compiled plan)
-- expect-reason-absent: pins its state
-- expect-fix: Set a state TTL longer than a key (url) stays active: SET 'table.exec.state.ttl' = '1 d'
-- Clicks per URL with no hint and no session TTL: nothing pins the aggregation, its fix stays the session's SET, and
-- no second compilation runs (the statement has no STATE_TTL hint). The counterpart of 733-735.
CREATE TABLE clicks (user_id STRING, url STRING) WITH ('connector' = 'datagen');

SELECT url, COUNT(*) AS clicks FROM clicks GROUP BY url;
