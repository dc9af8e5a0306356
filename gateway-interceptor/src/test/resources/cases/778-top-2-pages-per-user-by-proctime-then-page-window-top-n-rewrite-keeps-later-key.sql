-- expect: BLOCK unbounded-rank proctime-top-n
-- expect-rewrite: window-top-n
-- Two pages per user, by arrival then page: the Rank ranks by page alone. The window-top-n rewrite orders each
-- window by view_time DESC, page in place of pt DESC, page (golden 778).
CREATE TABLE page_views (
  user_id STRING,
  page STRING,
  view_time TIMESTAMP(3),
  pt AS PROCTIME(),
  WATERMARK FOR view_time AS view_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT user_id, page FROM (
  SELECT user_id, page, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY pt DESC, page) AS rn FROM page_views)
WHERE rn <= 2;
