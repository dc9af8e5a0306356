-- expect: WARN stateful-without-ttl window-aggregate-not-recognized
-- expect-reason: groups by none of its window columns (window_start, window_end)
-- expect-reason: Flink emits each row once for every window that holds it
-- expect-fix: GROUP BY window_start, window_end, page
-- expect-fix: read the table itself in place of its window TVF
-- expect-fix-absent: TABLE(TUMBLE(TABLE page_views
-- Views per page over an hour sliding by ten minutes, grouped by the page alone: Flink keeps the HOP's
-- WindowTableFunction and plans a general GroupAggregate over its rows, a count since the job started in which each
-- view is counted once for each of the six windows that hold it. The kind read in myfjdthink/flink-playground (round
-- 70), a CUMULATE's rows summed per collection and item; before, only stateful-without-ttl's TTL was said, and its
-- fix proposed a new 5-minute TUMBLE over the table for a result per window, as if the statement read no window. Group
-- by window_start, window_end and the page for a count per window, or read the table for a count since the start.
CREATE TABLE page_views (
  page STRING,
  user_id BIGINT,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT page, COUNT(*) AS view_count
FROM TABLE(HOP(TABLE page_views, DESCRIPTOR(ts), INTERVAL '10' MINUTE, INTERVAL '1' HOUR))
GROUP BY page;
