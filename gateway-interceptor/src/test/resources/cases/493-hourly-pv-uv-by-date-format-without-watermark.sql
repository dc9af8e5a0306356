-- expect: WARN stateful-without-ttl
-- expect-fix: at least as long as dt's bucket, the hour a row falls in
-- expect-fix: Declare ts as event time in user_log (WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
-- expect-fix: over TABLE(CUMULATE(TABLE user_log, DESCRIPTOR(ts), INTERVAL '1' MINUTE, INTERVAL '1' HOUR))
-- Page views and unique visitors per hour, GROUP BY DATE_FORMAT(ts, 'yyyy-MM-dd HH:00'), as public Flink SQL
-- tutorials write it, over a table without a WATERMARK. The aggregation keeps every hour's accumulator (and its
-- distinct user_ids) forever. With a watermark it is a window aggregation's job (case 280, the window-aggregate
-- rewrite); without one the fix said only "a TTL longer than a key (dt) stays active". It now says what makes the
-- hourly report a window (declare ts as event time, and what that drops), the same window the rewrite offers where
-- the table has a watermark, and a TTL that covers the hour (issue 30 §2: the structural fix where it applies).
CREATE TABLE user_log (
  user_id VARCHAR,
  item_id VARCHAR,
  category_id VARCHAR,
  behavior VARCHAR,
  ts TIMESTAMP(3)
) WITH ('connector' = 'datagen');

CREATE TABLE pvuv_sink (
  dt VARCHAR,
  pv BIGINT,
  uv BIGINT
) WITH ('connector' = 'blackhole');

INSERT INTO pvuv_sink(dt, pv, uv)
SELECT
  DATE_FORMAT(ts, 'yyyy-MM-dd HH:00') dt,
  COUNT(*) AS pv,
  COUNT(DISTINCT user_id) AS uv
FROM user_log
GROUP BY DATE_FORMAT(ts, 'yyyy-MM-dd HH:00');
