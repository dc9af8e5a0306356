-- expect: WARN stateful-without-ttl
-- expect-rewrite: window-aggregate
-- expect-fix: GROUP BY window_start, window_end, page, click_hour over TABLE(CUMULATE(TABLE clicks, DESCRIPTOR(click_time), INTERVAL '1' MINUTE, INTERVAL '1' HOUR))
-- expect-fix: the window in the FROM of the subquery that computes click_hour, which selects window_start, window_end and window_start AS click_hour in place of FLOOR(click_time TO HOUR) AS click_hour
-- expect-fix-absent: INTERVAL '5' MINUTE
-- Clicks per page and hour, the hour computed in an aliased subquery (FLOOR(click_time TO HOUR) AS click_hour) and
-- grouped by that column beside the page: another shape of round 69's daily report over a subquery (case 1155). The
-- window sized to the hour goes into the subquery's FROM; the GROUP BY keeps page and click_hour.
CREATE TABLE clicks (
  page STRING,
  user_id STRING,
  click_time TIMESTAMP(3),
  WATERMARK FOR click_time AS click_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE hourly_page_clicks (
  page STRING,
  click_hour TIMESTAMP(3),
  clicks BIGINT
) WITH ('connector' = 'blackhole');

INSERT INTO hourly_page_clicks
SELECT c.page, c.click_hour, COUNT(*) AS clicks
FROM (
  SELECT page, FLOOR(click_time TO HOUR) AS click_hour
  FROM clicks
  WHERE page <> '/health') AS c
GROUP BY c.page, c.click_hour;
