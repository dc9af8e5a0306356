-- expect: WARN stateful-without-ttl
-- expect-rewrite: window-aggregate
-- expect-fix: selecting CAST(window_start AS TIMESTAMP_LTZ(3)) AS login_hour in place of FLOOR(login_time TO HOUR) AS login_hour
-- Logins per user and hour over an event time that is CURRENT_TIMESTAMP at read, a TIMESTAMP_LTZ(3) rowtime (case
-- 694's first shape, uncast). The window-aggregate rewrite was not offered: it selected window_start for
-- FLOOR(login_time TO HOUR), a TIMESTAMP(3) where the query's login_hour is a TIMESTAMP_LTZ(3) (window_start is a
-- TIMESTAMP(3) over a TIMESTAMP_LTZ rowtime), so its columns differed and the proof refused it; the state-ttl-hint
-- rewrite was shown instead. The key is now CAST(window_start AS TIMESTAMP_LTZ(3)), the same instant in the session
-- time zone the window and the FLOOR are cut in (golden 695).
CREATE TABLE logins (
  user_id STRING,
  source_ip STRING,
  login_time AS CURRENT_TIMESTAMP,
  WATERMARK FOR login_time AS login_time
) WITH ('connector' = 'datagen');

SELECT user_id, FLOOR(login_time TO HOUR) AS login_hour, COUNT(*) AS logins
FROM logins
GROUP BY user_id, FLOOR(login_time TO HOUR);
