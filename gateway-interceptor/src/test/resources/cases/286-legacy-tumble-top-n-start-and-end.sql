-- expect: BLOCK unbounded-rank
-- expect-rewrite: window-top-n
-- The same over TUMBLE_START and TUMBLE_END, the group window written first in GROUP BY: both columns keep
-- their aliases over window_start and window_end, and the ranking's PARTITION BY stays as written.
CREATE TABLE page_views (
  page STRING,
  user_id STRING,
  viewed_at TIMESTAMP(3),
  WATERMARK FOR viewed_at AS viewed_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT page, wstart, wend, cnt
FROM (
  SELECT page, wstart, wend, cnt,
         ROW_NUMBER() OVER (PARTITION BY wstart, wend ORDER BY cnt DESC) AS rn
  FROM (
    SELECT page,
           TUMBLE_START(viewed_at, INTERVAL '1' HOUR) AS wstart,
           TUMBLE_END(viewed_at, INTERVAL '1' HOUR) AS wend,
           COUNT(*) AS cnt
    FROM page_views
    GROUP BY TUMBLE(viewed_at, INTERVAL '1' HOUR), page
  )
)
WHERE rn <= 3;
