-- expect: WARN global-rank proctime-top-n
-- expect-reason: This ORDER BY pt DESC LIMIT 3 reads as the latest 3 rows to arrive, but Flink keeps the first 3 rows to arrive
-- ORDER BY ... DESC LIMIT on a processing-time attribute: a SortLimit, which Flink runs as the same Top-N. Run on Flink
-- 2.3.0 and 1.20.0: ORDER BY pt DESC LIMIT 2 over 20 rows emitted +I[1], +I[2] and nothing after.
CREATE TABLE app_events (
  event_id STRING,
  kind STRING,
  pt AS PROCTIME()
) WITH ('connector' = 'datagen');

SELECT event_id, kind FROM app_events ORDER BY pt DESC LIMIT 3;
