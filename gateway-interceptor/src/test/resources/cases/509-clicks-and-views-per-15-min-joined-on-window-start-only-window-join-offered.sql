-- expect: WARN stateful-without-ttl
-- expect-rewrite: window-join
-- Clicks and page views counted per ad and 15-minute TUMBLE window, the two window aggregations joined on the ad and
-- window_start only, as Flink's own plan test WindowJoinTest#testMissWindowEndInConditionForTumbleWindow writes it.
-- Flink plans a window join only where the ON clause equates both window_start and window_end (Flink docs, "Window
-- Join"); without window_end it plans a regular Join that keeps every window's rows of both sides forever. The guard
-- offered only a STATE_TTL hint; the structural fix, the missing L.window_end = R.window_end, plans a WindowJoin
-- that frees each window's rows once the watermark passes its end, with the same matches (a TUMBLE window's start
-- gives its end). Issue 30 §2: the structural rewrite first.
CREATE TABLE clicks (
  ad_id INT,
  user_id STRING,
  click_time TIMESTAMP(3),
  WATERMARK FOR click_time AS click_time - INTERVAL '1' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE page_views (
  ad_id INT,
  user_id STRING,
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
  FROM TABLE(TUMBLE(TABLE clicks, DESCRIPTOR(click_time), INTERVAL '15' MINUTE))
  GROUP BY ad_id, window_start, window_end
) L
JOIN (
  SELECT ad_id, window_start, window_end, COUNT(*) AS cnt
  FROM TABLE(TUMBLE(TABLE page_views, DESCRIPTOR(view_time), INTERVAL '15' MINUTE))
  GROUP BY ad_id, window_start, window_end
) R
ON L.window_start = R.window_start AND L.ad_id = R.ad_id;
