-- expect: WARN global-rank proctime-top-n
-- expect-reason: This ORDER BY pt DESC, event_id DESC LIMIT 2 ranks the rows by event_id DESC alone, among every row read
-- expect-fix: declare the column of app_events that holds each row's time as event time, with a WATERMARK, and order by it in place of pt
-- expect-fix: Where the ranking by event_id DESC is meant, write ORDER BY event_id DESC
-- ORDER BY pt DESC, event_id DESC LIMIT 2 on a processing-time attribute: a SortLimit whose rows all tie on pt. Run
-- on Flink 2.3.0 and 1.20.0: ORDER BY pt DESC, id DESC LIMIT 2 over 20 rows emitted the two largest ids.
CREATE TABLE app_events (
  event_id BIGINT,
  kind STRING,
  pt AS PROCTIME()
) WITH ('connector' = 'datagen');

SELECT event_id, kind FROM app_events ORDER BY pt DESC, event_id DESC LIMIT 2;
