-- expect: BLOCK on-conflict-required
-- expect-reason: the statement's joins (INNER JOIN; INNER JOIN) join click_changes, session_changes, user_changes, none of which declares a PRIMARY KEY: no input has a unique key, so the joins' rows have none to lose
-- expect-reason-absent: loses it
-- expect-fix: None of click_changes, session_changes, user_changes declares a PRIMARY KEY
-- expect-fix-absent: a join on an aggregated value
-- Flink's DeltaJoinTest#testWithCascadeJoin shape: three CDC tables that declare no key, joined in a cascade, into a
-- sink keyed by click_id. The reason named the first join only and said it "loses it", as if a key had reached it:
-- no input has one.
CREATE TABLE click_changes (click_id BIGINT, session_id BIGINT, url STRING) WITH (
  'connector' = 'filesystem',
  'path' = 'file:///tmp/sql-guard-case-1070-clicks',
  'format' = 'debezium-json'
);

CREATE TABLE session_changes (session_id BIGINT, user_id BIGINT) WITH (
  'connector' = 'filesystem',
  'path' = 'file:///tmp/sql-guard-case-1070-sessions',
  'format' = 'debezium-json'
);

CREATE TABLE user_changes (user_id BIGINT, user_name STRING) WITH (
  'connector' = 'filesystem',
  'path' = 'file:///tmp/sql-guard-case-1070-users',
  'format' = 'debezium-json'
);

CREATE TABLE click_users (click_id BIGINT, url STRING, user_name STRING, PRIMARY KEY (click_id) NOT ENFORCED)
WITH ('connector' = 'blackhole');

SET 'table.exec.state.ttl' = '1 d';

INSERT INTO click_users
SELECT c.click_id, c.url, u.user_name
FROM click_changes c
JOIN session_changes s ON c.session_id = s.session_id
JOIN user_changes u ON s.user_id = u.user_id;
