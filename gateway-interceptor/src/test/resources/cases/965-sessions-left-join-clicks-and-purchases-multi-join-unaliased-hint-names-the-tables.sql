-- expect: WARN stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- expect-absent: ttl-hint-ignored
-- A MultiJoin of three tables written without aliases, two of them LEFT JOINed: the hint names the tables as the
-- statement writes them (Flink's QueryHintsResolver matches an unaliased input by its table name), each input's rows
-- then expire the TTL after they were stored. A LEFT input's rows are not renewed by their matches in a MultiJoin
-- (its matches are counted from the other inputs' state, StreamingMultiJoinOperator's association calculation),
-- unlike a binary LEFT join's outer rows. The hint rewrite is pinned in golden 965 and RewritesSayWhatChangesTest
-- (Flink 2.x; 1.20 plans two binary LEFT joins). Before: no hint rewrite, and the SET said "after the key's last change".
CREATE TABLE user_sessions (user_id STRING, started TIMESTAMP(3)) WITH ('connector' = 'datagen');
CREATE TABLE user_clicks (user_id STRING, url STRING) WITH ('connector' = 'datagen');
CREATE TABLE user_purchases (user_id STRING, item STRING) WITH ('connector' = 'datagen');

SET 'table.optimizer.multi-join.enabled' = 'true';

SELECT user_sessions.user_id, user_sessions.started, user_clicks.url, user_purchases.item
FROM user_sessions
LEFT JOIN user_clicks ON user_sessions.user_id = user_clicks.user_id
LEFT JOIN user_purchases ON user_sessions.user_id = user_purchases.user_id;
