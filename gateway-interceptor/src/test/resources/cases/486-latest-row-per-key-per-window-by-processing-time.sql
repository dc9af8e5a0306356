-- expect: BLOCK window-proctime-unsupported
-- expect-rewrite: time-attribute-order
-- expect-fix: Window MyTable on its event-time attribute
-- The last row per key and 15-minute window by arrival, as Flink's WindowDeduplicateTest writes it
-- (testUnsupportedWindowTVFOnProctime): a window deduplication on processing-time windows. Flink plans a
-- WindowDeduplicate and refuses it while translating ("Processing time Window Deduplication is not supported yet.",
-- Flink 2.3.0 and 1.20), which the guard answered with "Correct the statement as Flink's message says". The table
-- has an event-time attribute: the fix names it, and the proven rewrite windows and orders by it.
CREATE TABLE MyTable (
  a INT,
  b BIGINT,
  c STRING NOT NULL,
  d DECIMAL(10, 3),
  e BIGINT,
  rowtime TIMESTAMP(3),
  proctime AS PROCTIME(),
  WATERMARK FOR rowtime AS rowtime - INTERVAL '1' SECOND
) WITH ('connector' = 'datagen');

SELECT window_start, window_end, window_time, a, b, c, d, e
FROM (
SELECT *,
   ROW_NUMBER() OVER(PARTITION BY a, window_start, window_end
   ORDER BY proctime DESC) as rownum
FROM TABLE(TUMBLE(TABLE MyTable, DESCRIPTOR(proctime), INTERVAL '15' MINUTE))
)
WHERE rownum <= 1;
