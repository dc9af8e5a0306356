-- expect: WARN stateful-without-ttl
-- expect-rewrite: window-aggregate
-- expect-fix: GROUP BY window_start, window_end, date_str over TABLE(CUMULATE(TABLE user_behavior, DESCRIPTOR(ts), INTERVAL '1' HOUR, INTERVAL '1' DAY))
-- expect-fix: or over TABLE(TUMBLE(TABLE user_behavior, DESCRIPTOR(ts), INTERVAL '1' DAY)) (one final result per day
-- expect-fix: the window in the FROM of the subquery that computes date_str, which selects window_start, window_end and DATE_FORMAT(window_start, 'yyyy-MM-dd') AS date_str in place of DATE_FORMAT(ts, 'yyyy-MM-dd') AS date_str
-- expect-fix-absent: INTERVAL '5' MINUTE
-- The cumulative unique visitors of each day, as Flink's own SQL demo writes them ("Flink SQL Demo: Building an
-- End-to-End Streaming Application", 2020-07-28; read in padmapriyauppala/flink_sql_sample_app, round 69): the day is
-- computed in a subquery, DATE_FORMAT(ts, 'yyyy-MM-dd') AS date_str, and the aggregation groups by that column. Before:
-- the fix proposed a 5-minute TUMBLE grouped by date_str as well (a count per 5 minutes, not the day's), and no window
-- rewrite was offered, only the session TTL. The day is the bucket: a 1-day CUMULATE (or TUMBLE) window in the
-- subquery's FROM, the subquery selecting window_start and window_end, the GROUP BY keeping date_str beside them.
CREATE TABLE user_behavior (
  user_id BIGINT,
  item_id BIGINT,
  behavior STRING,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE cumulative_uv (
  date_str STRING,
  time_str STRING,
  uv BIGINT,
  PRIMARY KEY (date_str, time_str) NOT ENFORCED
) WITH ('connector' = 'blackhole');

INSERT INTO cumulative_uv
SELECT date_str, MAX(time_str), COUNT(DISTINCT user_id) AS uv
FROM (
  SELECT
    DATE_FORMAT(ts, 'yyyy-MM-dd') AS date_str,
    SUBSTR(DATE_FORMAT(ts, 'HH:mm'), 1, 4) || '0' AS time_str,
    user_id
  FROM user_behavior)
GROUP BY date_str;
