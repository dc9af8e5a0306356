-- expect: WARN global-rank proctime-top-n
-- expect-reason: This Top-2 ordered by pt DESC reads as the latest 2 rows to arrive, but Flink keeps the first 2 rows to arrive and never changes them
-- expect-fix: declare the column of sensor_readings that holds each row's time as event time, with a WATERMARK, and order the ranking by that column, descending
-- expect-fix: ROW_NUMBER() OVER (ORDER BY pt DESC) = 1, which Flink plans as a Deduplicate that keeps the last row to arrive.
-- The two latest readings of the whole stream, by processing time, on a table with no event time. Run on Flink 2.3.0
-- and 1.20.0 (20 rows of datagen): +I[1, 1], +I[2, 2] and nothing after, in either direction; a later row never ranks
-- above the two kept, since the Rank's processing-time sort key is the same (not materialized) for every row.
CREATE TABLE sensor_readings (
  sensor_id STRING,
  reading DOUBLE,
  pt AS PROCTIME()
) WITH ('connector' = 'datagen');

SELECT sensor_id, reading, rk FROM (
  SELECT sensor_id, reading, ROW_NUMBER() OVER (ORDER BY pt DESC) AS rk FROM sensor_readings)
WHERE rk <= 2;
