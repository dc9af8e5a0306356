-- expect: BLOCK unbounded-rank
-- expect-rewrite: window-top-n session-state-ttl
-- The latest three page views per page, ranked over a view that filters the table (not over the table
-- itself): the view passes the event-time attribute through, so the structural rewrite reads the VIEW
-- through the TUMBLE window TVF (TABLE eu_views keeps the view's filter) and comes before the session TTL.
CREATE TABLE page_views (
  page STRING,
  user_id STRING,
  region STRING,
  viewed_at TIMESTAMP(3),
  WATERMARK FOR viewed_at AS viewed_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TEMPORARY VIEW eu_views AS
SELECT page, user_id, viewed_at FROM page_views WHERE region = 'eu';

SELECT page, user_id, viewed_at
FROM (
  SELECT page, user_id, viewed_at,
         ROW_NUMBER() OVER (PARTITION BY page ORDER BY viewed_at DESC) AS rn
  FROM eu_views
)
WHERE rn <= 3;
