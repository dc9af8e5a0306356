-- expect: WARN stateful-without-ttl
-- expect-reason: each holding the distinct values of COUNT(DISTINCT page) within its frame only
-- expect-reason-absent: every distinct value
-- The number of distinct pages among each user's last ten clicks, by event time. The frame (ROWS BETWEEN 9
-- PRECEDING) keeps ten rows per user, and the distinct count's accumulator the pages of those ten: a click that
-- leaves the frame is retracted, and its page with it when no other click of the frame has it. The reason said the
-- state held every distinct page seen for a user, which is the running count's (ROWS UNBOUNDED PRECEDING, case 584).
CREATE TABLE clicks (
  user_id BIGINT,
  page STRING,
  click_time TIMESTAMP(3),
  WATERMARK FOR click_time AS click_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT user_id, page,
  COUNT(DISTINCT page) OVER (PARTITION BY user_id ORDER BY click_time ROWS BETWEEN 9 PRECEDING AND CURRENT ROW)
    AS distinct_pages_of_last_ten
FROM clicks;
