-- expect: BLOCK ttl-not-a-table-option
-- expect-rewrite: ttl-as-job-setting
-- expect-fix: SET 'table.exec.state.ttl' = '7 d'
-- expect-fix-absent: '1w'
-- Page views per user over the last 7 days (WHERE view_time > CURRENT_TIMESTAMP - INTERVAL '7' DAY) on a table that
-- carries its TTL as a table option, '1w' (a unit Flink's TimeUtils does not read), which datagen refuses (issue 30 §1:
-- a proposed TTL must cover the statement's own time bounds). The job-setting rewrite keeps a value of the user's where
-- Flink can read it; here it cannot, and the rewrite proposed sql-guard.rewrite.state-ttl, 1 d: the counts of a user
-- idle for a day expire while the query still counts 7 days. It now proposes the TTL the other families propose
-- (ProposedTtl): 7 d, the filter's bound, and its chosen: line says so; the finding's fix proposed SET
-- 'table.exec.state.ttl' = '1w', which Flink refuses, and now proposes '7 d' too. Before: the rewrite's SET '1 d', the
-- fix's SET '1w'.
CREATE TABLE page_views (
  user_id STRING,
  url STRING,
  view_time TIMESTAMP(3)
) WITH ('connector' = 'datagen', 'state.ttl' = '1w');

SELECT user_id, COUNT(*) AS view_count
FROM page_views
WHERE view_time > CURRENT_TIMESTAMP - INTERVAL '7' DAY
GROUP BY user_id;
