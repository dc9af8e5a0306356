-- expect: WARN stateful-without-ttl
-- expect-rewrite: window-aggregate
-- expect-fix: GROUP BY window_start, window_end, page over TABLE(CUMULATE(TABLE page_views, DESCRIPTOR(viewed_at), INTERVAL '1' MINUTE, INTERVAL '1' HOUR))
-- expect-fix: , selecting window_start AS view_hour in place of FLOOR(viewed_at TO HOUR) AS view_hour
-- Page views per page and hour, the hour bucketed by hand and selected under an alias. The fix offered the window
-- aggregation's GROUP BY window_start, window_end, page without saying what becomes of the selected hour, which is
-- no longer grouped (Flink refuses a select item that is neither grouped nor aggregated); the rewrite selects
-- window_start AS view_hour. The fix now says so, as the rewrite writes it.
CREATE TABLE page_views (
  page STRING,
  user_id STRING,
  viewed_at TIMESTAMP(3),
  WATERMARK FOR viewed_at AS viewed_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT page, FLOOR(viewed_at TO HOUR) AS view_hour, COUNT(*) AS n
FROM page_views
GROUP BY page, FLOOR(viewed_at TO HOUR);
