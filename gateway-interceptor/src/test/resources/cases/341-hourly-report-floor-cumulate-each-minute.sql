-- expect: WARN stateful-without-ttl
-- expect-rewrite: window-aggregate
-- Views per page and hour, bucketed by hand with FLOOR(viewed_at TO HOUR): the group aggregation updates each
-- hour's count with every view and keeps every hour forever. The rewrites are window aggregations of 1 hour,
-- the first a CUMULATE window stepping each minute (the count so far, every minute, as the original's
-- dashboard reads it during the hour), the second a TUMBLE window (one final count at the hour's end); each
-- `changes:` line says what it changes (RewriteGoldenFilesTest pins both).
CREATE TABLE page_views (
  page STRING,
  user_id STRING,
  viewed_at TIMESTAMP(3),
  WATERMARK FOR viewed_at AS viewed_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT page,
       FLOOR(viewed_at TO HOUR) AS view_hour, -- the hour of the view
       COUNT(*) AS view_count
FROM page_views
GROUP BY page, FLOOR(viewed_at TO HOUR);
