-- expect: BLOCK unbounded-rank
-- expect-rewrite: window-top-n session-state-ttl
-- expect-fix: Rank per window, whose state is freed when the window closes: ROW_NUMBER() OVER (PARTITION BY window_start, window_end, user_id ORDER BY viewed_at DESC) over TABLE(TUMBLE(TABLE eu_views, DESCRIPTOR(viewed_at)
-- The ranking sits in a WITH item that reads a view under an alias, and the filter on its rank is in the
-- WITH's body: the window Top-N is offered there too (the WITH item reads the view through TUMBLE, the
-- body's filter stays as written), before the session TTL.
CREATE TABLE page_views (
  page STRING,
  user_id STRING,
  region STRING,
  viewed_at TIMESTAMP(3),
  WATERMARK FOR viewed_at AS viewed_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE VIEW eu_views AS
SELECT page, user_id, viewed_at FROM page_views WHERE region = 'eu';

WITH ranked AS (
  SELECT v.page, v.user_id, v.viewed_at,
         ROW_NUMBER() OVER (PARTITION BY v.user_id ORDER BY v.viewed_at DESC) AS rn
  FROM eu_views AS v
)
SELECT page, user_id FROM ranked WHERE rn <= 2;
