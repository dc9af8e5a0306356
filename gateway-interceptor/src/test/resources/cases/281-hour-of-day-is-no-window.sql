-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- Views per hour of the day, DATE_FORMAT(viewed_at, 'HH'): 24 groups that collect every day's rows, not a
-- time bucket, so no window aggregate is offered (a 1-hour window would count each day's hour apart).
CREATE TABLE page_views (
  page STRING,
  viewed_at TIMESTAMP(3),
  WATERMARK FOR viewed_at AS viewed_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT DATE_FORMAT(viewed_at, 'HH') AS hour_of_day, COUNT(*) AS view_count
FROM page_views
GROUP BY DATE_FORMAT(viewed_at, 'HH');
