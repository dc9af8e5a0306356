-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- Clicks and page views counted per ad in CUMULATE windows (1 hour steps of 1 day), joined on the ad and window_start
-- only. Unlike a TUMBLE or HOP window (cases 509, 510), the CUMULATE windows of one window_start end 24 times, and
-- this join matches each of a day's click counts with each of its view counts: adding window_end to the ON clause
-- would make it a window join of other rows, so window-join offers nothing here, and the TTL hint stays the rewrite
-- (its golden pins that).
CREATE TABLE clicks (
  ad_id INT,
  click_time TIMESTAMP(3),
  WATERMARK FOR click_time AS click_time - INTERVAL '1' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE page_views (
  ad_id INT,
  view_time TIMESTAMP(3),
  WATERMARK FOR view_time AS view_time - INTERVAL '1' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE ad_rates (
  ad_id INT,
  window_start TIMESTAMP(3),
  click_count BIGINT,
  view_count BIGINT
) WITH ('connector' = 'blackhole');

INSERT INTO ad_rates
SELECT L.ad_id, L.window_start, L.cnt, R.cnt
FROM (
  SELECT ad_id, window_start, window_end, COUNT(*) AS cnt
  FROM TABLE(CUMULATE(TABLE clicks, DESCRIPTOR(click_time), INTERVAL '1' HOUR, INTERVAL '1' DAY))
  GROUP BY ad_id, window_start, window_end
) L
JOIN (
  SELECT ad_id, window_start, window_end, COUNT(*) AS cnt
  FROM TABLE(CUMULATE(TABLE page_views, DESCRIPTOR(view_time), INTERVAL '1' HOUR, INTERVAL '1' DAY))
  GROUP BY ad_id, window_start, window_end
) R
ON L.window_start = R.window_start AND L.ad_id = R.ad_id;
