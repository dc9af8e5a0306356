-- expect: WARN stateful-without-ttl
-- expect-rewrite: window-aggregate
-- expect-fix: over TABLE(CUMULATE(TABLE user_log, DESCRIPTOR(ts), INTERVAL '1' HOUR, INTERVAL '1' DAY))
-- Unique users per day, GROUP BY DATE_FORMAT(ts, 'yyyyMMdd') over a watermarked table, with a second column computed
-- from the same bucket, IF(DATE_FORMAT(ts, 'yyyyMMdd') = ..., ...), as springMoon/sqlSubmit's count_distinct.sql
-- writes it (its udf_decode of the day). The window-aggregate rewrite replaced the bucket where it was a column of its
-- own but left the one inside IF reading ts, which the window aggregation no longer groups: the rewrite did not plan and
-- only the TTL hint was offered (issue 30 §2: the structural fix where it plans). Every use of the bucket now reads
-- window_start, the window's start being the bucket's.
CREATE TABLE user_log (
  user_id STRING,
  item_id STRING,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE user_log_sink (
  `day` STRING,
  num BIGINT,
  first_day_flag STRING
) WITH ('connector' = 'blackhole');

INSERT INTO user_log_sink
SELECT DATE_FORMAT(ts, 'yyyyMMdd') `day`,
  COUNT(DISTINCT user_id) num,
  IF(DATE_FORMAT(ts, 'yyyyMMdd') = '20260101', 'first', 'later') first_day_flag
FROM user_log
GROUP BY DATE_FORMAT(ts, 'yyyyMMdd');
