-- expect: WARN stateful-without-ttl
-- expect-fix: GROUP BY window_start, window_end, page over TABLE(TUMBLE(TABLE page_views, DESCRIPTOR(pt),
-- expect-fix: its result depends on when rows arrive, not on their own time
-- Views per page over a table whose only time column is pt AS PROCTIME(): a count since the job started, kept per page
-- for ever. Flink plans a window aggregation on processing time (a WindowAggregate with TUMBLE(time_col=[pt])), which
-- frees each window's state when it closes. The kind read in myfjdthink/flink-playground (round 70,
-- window_tumble_oom_v1.sql, whose author's next script adds TUMBLE(proctime, ...)); before, the fix offered the TTL
-- alone. A processing-time window counts the rows that arrive while it is open: the fix says that the result then
-- depends on arrival, not on the rows' own time.
CREATE TABLE page_views (
  page STRING,
  user_id BIGINT,
  pt AS PROCTIME()
) WITH ('connector' = 'datagen');

SELECT page, COUNT(*) AS view_count
FROM page_views
GROUP BY page;
