-- expect: WARN stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- expect-fix: SET 'table.exec.state.ttl' = '1 d', and pin the side read once (g) on the join's SELECT: /*+ STATE_TTL('g' = '0') */
-- expect-fix-absent: a STATE_TTL hint on the streaming side alone keeps them
-- Three inputs in one SELECT, LEFT joins: clicks with their sessions (two streams), and that with countries read once
-- from CSV files. The outer join's streaming side is the nested join's result, which no hint key can name on that
-- SELECT, so its fix pointed to "a STATE_TTL hint on the streaming side alone", which cannot be written there; and the
-- only rewrite, a session SET, expired the countries read once. The fix and the session-state-ttl rewrite now write
-- the SET with the countries' side pinned, STATE_TTL('g' = '0') on the SELECT (golden 812).
CREATE TABLE clicks (session_id STRING, url STRING) WITH ('connector' = 'datagen');

CREATE TABLE sessions (session_id STRING, country_code STRING) WITH ('connector' = 'datagen');

CREATE TABLE countries (country_code STRING, country_name STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-812', 'format' = 'csv');

SELECT k.url, s.session_id, g.country_name
FROM clicks k
LEFT JOIN sessions s ON k.session_id = s.session_id
LEFT JOIN countries g ON s.country_code = g.country_code;
