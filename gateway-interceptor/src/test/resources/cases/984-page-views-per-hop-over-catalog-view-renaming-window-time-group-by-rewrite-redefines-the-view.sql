-- expect: WARN stateful-without-ttl window-aggregate-not-recognized
-- expect-rewrite: window-group
-- expect-reason: grouped by ts_hour (window_time renamed) without window_start and window_end
-- Views per page of each 1-hour HOP window sliding every 10 minutes, over a view (in the catalog, not temporary) that
-- gives the window's time attribute the name ts_hour and selects neither bound, grouped by page and ts_hour: a general
-- GroupAggregate keyed by them. The view is the session's own text: the window-group rewrite redefines it to select
-- window_start, window_end before ts_hour, and groups the statement by them before ts_hour (a window aggregation).
CREATE TABLE page_views (
  page STRING,
  user_id STRING,
  viewed_at TIMESTAMP(3),
  WATERMARK FOR viewed_at AS viewed_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.page.length' = '2');

CREATE VIEW page_hours AS
SELECT page, user_id, window_time AS ts_hour
FROM TABLE(HOP(TABLE page_views, DESCRIPTOR(viewed_at), INTERVAL '10' MINUTE, INTERVAL '1' HOUR));

SELECT page, ts_hour, COUNT(*) AS view_count
FROM page_hours
GROUP BY page, ts_hour;
