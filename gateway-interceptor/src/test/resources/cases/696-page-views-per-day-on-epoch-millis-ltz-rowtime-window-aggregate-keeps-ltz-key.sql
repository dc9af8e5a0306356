-- expect: WARN stateful-without-ttl
-- expect-rewrite: window-aggregate
-- expect-fix: selecting CAST(window_start AS TIMESTAMP_LTZ(3)) AS view_day in place of FLOOR(ts TO DAY) AS view_day
-- Page views per page and day over the rowtime a Kafka topic of epoch milliseconds declares, ts AS
-- TO_TIMESTAMP_LTZ(event_millis, 3) (a TIMESTAMP_LTZ(3)), into a sink keyed by page and day. The INSERT's rewrite was
-- offered before (the sink's TIMESTAMP_LTZ(3) column cast the TIMESTAMP(3) window_start in the session time zone);
-- its SELECT now keeps the query's own type, CAST(window_start AS TIMESTAMP_LTZ(3)) AS view_day, as the fix says
-- (the fix said window_start AS view_day; golden 696).
CREATE TABLE page_views (
  page STRING,
  user_id BIGINT,
  event_millis BIGINT,
  ts AS TO_TIMESTAMP_LTZ(event_millis, 3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE daily_page_views (
  page STRING,
  view_day TIMESTAMP_LTZ(3),
  view_count BIGINT,
  PRIMARY KEY (page, view_day) NOT ENFORCED
) WITH ('connector' = 'blackhole');

INSERT INTO daily_page_views
SELECT page, FLOOR(ts TO DAY) AS view_day, COUNT(*) AS view_count
FROM page_views
GROUP BY page, FLOOR(ts TO DAY);
