-- expect: WARN stateful-without-ttl
-- expect-reason: per user_id, CAST(c.click_time AS DATE)
-- expect-fix: INTERVAL '1' DAY
-- expect-fix: at least as long as CAST(c.click_time AS DATE)'s bucket, the day
-- expect-fix-absent: CAST(CAST(
-- expect-fix-absent: INTERVAL '5' MINUTE
-- A daily report of distinct URLs per user, the day selected without an alias and read through the table's alias
-- (CAST(c.click_time AS DATE)): the plan's CAST(CAST(click_time AS TIMESTAMP(3)) AS DATE) is named as written, and
-- the window the fix offers is a day.
CREATE TABLE clicks (
  user_id STRING,
  url STRING,
  click_time TIMESTAMP(3),
  WATERMARK FOR click_time AS click_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT user_id, CAST(c.click_time AS DATE), COUNT(DISTINCT url) AS urls
FROM clicks AS c
GROUP BY user_id, CAST(c.click_time AS DATE);
