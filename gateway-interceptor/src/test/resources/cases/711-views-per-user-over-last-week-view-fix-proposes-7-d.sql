-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint session-state-ttl
-- expect-fix: SET 'table.exec.state.ttl' = '7 d'
-- expect-fix-absent: '1 d'
-- Views per user over a temporary view of the last week's rows (viewed_at > CURRENT_TIMESTAMP - INTERVAL '7' DAY):
-- a user's count covers 7 days, so a TTL of 1 d would forget a user idle for a day and count them again from zero.
-- The fix proposed 1 d under a 7 d rewrite; both now propose 7 d, the bound of the view.
CREATE TABLE page_views (
  page STRING,
  user_id STRING,
  viewed_at TIMESTAMP(3)
) WITH ('connector' = 'datagen');

CREATE TEMPORARY VIEW last_week_views AS
SELECT page, user_id, viewed_at
FROM page_views
WHERE viewed_at > CURRENT_TIMESTAMP - INTERVAL '7' DAY;

SELECT user_id, COUNT(*) AS n
FROM last_week_views
GROUP BY user_id;
