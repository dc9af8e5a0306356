-- expect: WARN stateful-without-ttl
-- expect-fix: , selecting DATE_FORMAT(window_start, 'yyyy-MM-dd HH') in place of DATE_FORMAT(login_time, 'yyyy-MM-dd HH')
-- Logins per hour written as a DATE_FORMAT to the hour, selected without an alias. The fix now names the select
-- item the window aggregation keeps: the same DATE_FORMAT of window_start (a STRING as before).
CREATE TABLE logins (
  user_id STRING,
  login_time TIMESTAMP(3),
  WATERMARK FOR login_time AS login_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT DATE_FORMAT(login_time, 'yyyy-MM-dd HH'), COUNT(DISTINCT user_id) AS users
FROM logins
GROUP BY DATE_FORMAT(login_time, 'yyyy-MM-dd HH');
