-- expect: BLOCK lateral-top-n-unsupported
-- expect-absent: planner-error
-- expect-rewrite: window-top-n
-- expect-fix: ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY view_count DESC) AS rn FROM view_counts WHERE view_count > 1
-- The two most viewed pages per user, picked with LATERAL (... LIMIT 2) whose subquery filters on one more condition
-- than the key equality (view_count > 1): Flink 2.3 cannot decorrelate it ("unexpected correlate variable $cor0 in
-- the plan", an internal error). The diagnosis names the LATERAL as written and gives the ROW_NUMBER form with the
-- user's own key, order, relation and condition; its rewrite is that ROW_NUMBER ranked per window (the left side is
-- every key of the same WITH item, so the same rows per window), proven where the original did not plan.
CREATE TABLE page_views (
  user_id BIGINT,
  url STRING,
  viewed_at TIMESTAMP(3),
  WATERMARK FOR viewed_at AS viewed_at - INTERVAL '10' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.user_id.min' = '1', 'fields.user_id.max' = '50');

WITH view_counts AS (
  SELECT user_id, url, COUNT(*) AS view_count
  FROM page_views
  GROUP BY user_id, url
)
SELECT k.user_id, p.url, p.view_count
FROM (SELECT DISTINCT user_id FROM view_counts) AS k,
     LATERAL (
       SELECT url, view_count
       FROM view_counts
       WHERE view_counts.user_id = k.user_id AND view_count > 1
       ORDER BY view_count DESC
       LIMIT 2
     ) AS p;
