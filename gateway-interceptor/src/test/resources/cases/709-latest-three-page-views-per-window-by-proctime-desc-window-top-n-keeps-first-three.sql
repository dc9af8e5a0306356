-- expect: WARN proctime-top-n
-- expect-reason: This window Top-3 ordered by pt DESC reads as the latest 3 rows to arrive per window, but Flink keeps the first 3 rows to arrive per window
-- expect-fix: order by the event-time attribute view_time instead (ORDER BY view_time DESC)
-- expect-fix: which Flink plans as a WindowDeduplicate that keeps the last row to arrive in each window.
-- expect-fix: Once the ranking is ordered by event time (proctime-top-n), where the stream is large, rank in two steps
-- expect-fix-absent: the key ORDER BY pt DESC) <= 3
-- The three latest page views of each hour by processing time, ranked per event-time TUMBLE window: a WindowRank
-- ordered by a processing-time attribute. Run on Flink 2.3.0 and 1.20.0 (20 rows in one window): <= 2 emitted the
-- window's first two rows; = 1 (a WindowDeduplicate) emitted its last.
CREATE TABLE page_views (
  user_id STRING,
  page STRING,
  view_time TIMESTAMP(3),
  pt AS PROCTIME(),
  WATERMARK FOR view_time AS view_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT window_start, window_end, user_id, page FROM (
  SELECT window_start, window_end, user_id, page,
    ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY pt DESC) AS rn
  FROM TABLE(TUMBLE(TABLE page_views, DESCRIPTOR(view_time), INTERVAL '1' HOUR)))
WHERE rn <= 3;
