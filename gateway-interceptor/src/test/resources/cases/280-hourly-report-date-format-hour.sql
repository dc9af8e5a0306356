-- expect: WARN stateful-without-ttl
-- expect-rewrite: window-aggregate
-- Page views per hour written as DATE_FORMAT(viewed_at, 'yyyy-MM-dd HH:00'): a TUMBLE window of 1 hour.
CREATE TABLE page_views (
  page STRING,
  viewed_at TIMESTAMP(3),
  WATERMARK FOR viewed_at AS viewed_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT DATE_FORMAT(viewed_at, 'yyyy-MM-dd HH:00') AS view_hour, COUNT(*) AS view_count
FROM page_views
GROUP BY DATE_FORMAT(viewed_at, 'yyyy-MM-dd HH:00');
