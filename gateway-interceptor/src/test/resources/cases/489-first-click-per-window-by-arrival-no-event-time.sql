-- expect: BLOCK window-proctime-unsupported
-- expect-fix: declare a WATERMARK on the time the rows carry
-- expect-fix: deduplicate without a window
-- The first click per user and hour by arrival, on a table without an event-time attribute: Flink refuses the
-- window deduplication on processing time while translating. No rewrite can move the window to event time (there is
-- none), so none is shown; the fix says to declare a watermark, or to deduplicate per key without a window.
CREATE TABLE clicks (
  user_id STRING,
  url STRING,
  pt AS PROCTIME()
) WITH ('connector' = 'datagen');

SELECT user_id, url, window_start
FROM (
  SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end, user_id ORDER BY pt) AS rn
  FROM TABLE(TUMBLE(TABLE clicks, DESCRIPTOR(pt), INTERVAL '1' HOUR))
) WHERE rn = 1;
