-- expect: BLOCK unbounded-rank proctime-top-n
-- expect-rewrite: window-top-n
-- The three most recent page views per user, ordered by a PROCTIME() column, over a table that also has an event
-- time. The window-top-n rewrite ranks per TUMBLE window of view_time and orders by view_time DESC in place of pt
-- DESC, its changes: saying so: run on Flink 2.3.0 and 1.20.0, a WindowRank (and the Rank it replaces) ordered by a
-- processing-time attribute kept the first N rows to arrive, DESC or ASC (golden 692).
CREATE TABLE page_views (
  user_id STRING,
  page STRING,
  view_time TIMESTAMP(3),
  pt AS PROCTIME(),
  WATERMARK FOR view_time AS view_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT user_id, page FROM (
  SELECT user_id, page, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY pt DESC) AS rn FROM page_views)
WHERE rn <= 3;
