-- expect: WARN stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- expect-reason: on page = the subquery's page AND user_id = the subquery's user_id
-- expect-reason-absent: first_view.page = first_view.page
-- expect-fix-absent: 'first_view' = '1 d', 'first_view'
-- An IN subquery inside an EXISTS subquery, both over page_views (first_view and again): the inner SEMI join
-- joins page_views with page_views, and Flink's scans carry no alias, so the plan cannot say which side is
-- first_view. The message named both sides first_view ("on first_view.page = first_view.page") and the fix a
-- hint naming one alias twice; now the inner side is the subquery's, and no hint is proposed for a SEMI join.
CREATE TABLE sessions (
  session_id STRING,
  user_id STRING,
  started_at TIMESTAMP(3)
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE page_views (
  user_id STRING,
  page STRING,
  device STRING,
  viewed_at TIMESTAMP(3)
) WITH ('connector' = 'datagen', 'rows-per-second' = '50');

SELECT s.session_id
FROM sessions AS s
WHERE EXISTS (
  SELECT 1 FROM page_views AS first_view
  WHERE first_view.user_id = s.user_id
    AND first_view.page IN (
      SELECT again.page FROM page_views AS again
      WHERE again.user_id = first_view.user_id AND again.device = first_view.device
    )
);
