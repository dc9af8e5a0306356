-- expect: WARN stateful-without-ttl
-- expect-reason: keeps an accumulator per user_id, FLOOR(click_time TO DAY)
-- expect-fix: INTERVAL '1' HOUR, INTERVAL '1' DAY
-- expect-fix: at least as long as FLOOR(click_time TO DAY)'s bucket, the day
-- expect-fix-absent: FLOOR(CAST(
-- expect-fix-absent: INTERVAL '5' MINUTE
-- A daily count per user whose day bucket the SELECT neither names nor selects (GROUP BY user_id, FLOOR(click_time
-- TO DAY)): Flink's plan prints the key as FLOOR(CAST(click_time AS TIMESTAMP(3)), DAY), which is no SQL. The
-- reason and the fix name the key as the statement writes it, and the window the fix offers is the bucket's day
-- (a CUMULATE of 1 d every hour, or a 1 d TUMBLE), as the window-aggregate rewrite under it: no 5-minute window
-- keeping the day as a key.
CREATE TABLE clicks (
  user_id STRING,
  url STRING,
  click_time TIMESTAMP(3),
  WATERMARK FOR click_time AS click_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT user_id, COUNT(*) AS clicks
FROM clicks
GROUP BY user_id, FLOOR(click_time TO DAY);
