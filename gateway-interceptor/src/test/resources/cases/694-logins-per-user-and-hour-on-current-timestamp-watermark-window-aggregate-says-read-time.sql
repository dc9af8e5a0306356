-- expect: WARN stateful-without-ttl
-- expect-rewrite: window-aggregate
-- Logins per user and hour bucketed with FLOOR over an event time that is CURRENT_TIMESTAMP at read (cast to
-- TIMESTAMP(3)), watermarked on itself. The window-aggregate rewrite's changes: said that late rows are dropped,
-- where the original counted them; on read time no row is late, and the hours are those of the read, not of the
-- login (golden 694).
CREATE TABLE logins (
  user_id STRING,
  source_ip STRING,
  login_time AS CAST(CURRENT_TIMESTAMP AS TIMESTAMP(3)),
  WATERMARK FOR login_time AS login_time
) WITH ('connector' = 'datagen');

SELECT user_id, FLOOR(login_time TO HOUR) AS login_hour, COUNT(*) AS logins
FROM logins
GROUP BY user_id, FLOOR(login_time TO HOUR);
