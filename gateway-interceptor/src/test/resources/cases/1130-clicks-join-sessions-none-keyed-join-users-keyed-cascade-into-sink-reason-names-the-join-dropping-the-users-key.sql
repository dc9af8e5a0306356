-- expect: BLOCK on-conflict-required
-- expect-reason: the statement's INNER JOIN on s.user_id = u.user_id loses it: the join of c and s has no key (neither click_changes nor session_changes declares a PRIMARY KEY); user_changes' PRIMARY KEY (user_id) keys the join's rows only where the other input is unique on its join column, and the join of c and s is not unique on s.user_id
-- expect-reason-absent: a join on another column than the key
-- expect-fix: Where a join of the cascade loses the key, as the statement's INNER JOIN on s.user_id = u.user_id does
-- Case 1070's cascade with the users keyed by user_id (a CDC table that declares its key), into a sink keyed by
-- click_id. Flink 2.3.0 derives no key for the join of the clicks and the sessions (neither declares one), and the
-- users' key does not key the top join's rows: a join keeps one input's key alone only where the other input is unique
-- on its join columns (FlinkRelMdUniqueKeys#getJoinUniqueKeys, #isSideUnique), and the clicks joined to their sessions
-- are not unique on user_id. Before: the reason read one join of two tables, found three inputs, and gave the top join
-- the cause of a join of two tables, "a join on another column than the key distributes the updating rows of one key to
-- different parallel instances", though it is on the users' key; it now reads the cascade as a tree: the join below
-- has no key, and the users' key does not key rows whose other side is not unique on user_id.
-- The fix names the same join (before: the general "a join on an aggregated value" sentence), and that no column
-- selected gives the rows a key past it: ON CONFLICT DO DEDUPLICATE is the fix (round 70).
CREATE TABLE click_changes (click_id BIGINT, session_id BIGINT, url STRING) WITH (
  'connector' = 'filesystem',
  'path' = 'file:///tmp/sql-guard-case-1130-clicks',
  'format' = 'debezium-json'
);

CREATE TABLE session_changes (session_id BIGINT, user_id BIGINT) WITH (
  'connector' = 'filesystem',
  'path' = 'file:///tmp/sql-guard-case-1130-sessions',
  'format' = 'debezium-json'
);

CREATE TABLE user_changes (user_id BIGINT, user_name STRING, PRIMARY KEY (user_id) NOT ENFORCED) WITH (
  'connector' = 'filesystem',
  'path' = 'file:///tmp/sql-guard-case-1130-users',
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
