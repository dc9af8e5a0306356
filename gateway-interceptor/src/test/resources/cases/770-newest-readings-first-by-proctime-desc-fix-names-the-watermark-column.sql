-- expect: BLOCK sort-non-time
-- expect-reason: This ORDER BY starts with pt DESC, descending
-- expect-fix: For the latest rows, keep a Top-N by the event-time attribute of sensor_readings, read_at: ORDER BY read_at DESC LIMIT n, which keeps the n latest rows by read_at, updated as rows arrive.
-- expect-fix: ORDER BY pt DESC LIMIT n keeps the first n rows to arrive and never changes them
-- expect-fix-absent: keep a Top-N: ORDER BY pt DESC LIMIT n
-- expect-fix-absent: batch
-- expect-rewrite: bounded-sort
-- The newest readings first, by processing time, on a table that has an event time (read_at, with a WATERMARK). The
-- diagnosis has no plan: the session's catalog says pt is a PROCTIME() column. A Top-N by pt keeps the first n rows to
-- arrive (run on Flink 2.3.0 and 1.20.0: ORDER BY pt DESC LIMIT 2 over 20 rows emitted +I[1], +I[2] and nothing after),
-- so the fix offers the Top-N by read_at, and the Deduplicate for the one latest row by arrival; the bounded-sort
-- rewrite orders by read_at DESC in place of pt DESC, its changes: saying why (golden 770).
CREATE TABLE sensor_readings (
  sensor_id STRING,
  reading DOUBLE,
  read_at TIMESTAMP(3),
  pt AS PROCTIME(),
  WATERMARK FOR read_at AS read_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT sensor_id, reading FROM sensor_readings ORDER BY pt DESC;
