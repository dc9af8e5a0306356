-- expect: WARN stateful-without-ttl
-- expect-rewrite: window-aggregate
-- Clicks per minute, FLOOR(click_time TO MINUTE): a TUMBLE window of a minute is the rewrite; no CUMULATE
-- window is offered below an hour (a step of seconds inside a minute is no report anyone reads).
CREATE TABLE clicks (
  url STRING,
  click_time TIMESTAMP(3),
  WATERMARK FOR click_time AS click_time - INTERVAL '2' SECOND
) WITH ('connector' = 'datagen');

SELECT url, FLOOR(click_time TO MINUTE) AS minute_start, COUNT(*) AS clicks
FROM clicks
GROUP BY url, FLOOR(click_time TO MINUTE);
