-- expect: BLOCK time-attribute-required
-- expect-rewrite: watermark
-- expect-fix: Declare a WATERMARK on the column
-- Clicks counted per hourly tumbling window of their click_time, a TIMESTAMP(3) the table declares no WATERMARK on:
-- Flink refuses the window ("The window function requires the timecol is a time attribute type, but is
-- TIMESTAMP(3).", WindowUtil, 2.3.0 and 1.20.0), which the guard answered with "Correct the statement as Flink's
-- message says". The watermark rewrite declares the table's watermark on click_time, proven against a scratch copy.
CREATE TABLE clicks (
  user_id STRING,
  url STRING,
  click_time TIMESTAMP(3)
) WITH ('connector' = 'datagen');

SELECT window_start, window_end, url, COUNT(*) AS clicks
FROM TABLE(TUMBLE(TABLE clicks, DESCRIPTOR(click_time), INTERVAL '1' HOUR))
GROUP BY window_start, window_end, url;
