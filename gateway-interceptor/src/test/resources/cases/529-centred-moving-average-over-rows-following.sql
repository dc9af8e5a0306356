-- expect: BLOCK over-following-unsupported
-- expect-rewrite: frame-ends-at-current-row
-- expect-reason: ends after the current row
-- expect-fix: AND CURRENT ROW
-- A centred moving average (the two readings before a reading and the two after it), as a dashboard query writes it:
-- ROWS BETWEEN 2 PRECEDING AND 2 FOLLOWING. Flink's streaming OVER aggregate computes a row's result when the row
-- arrives, over rows up to it; StreamExecOverAggregate refuses any other frame while translating ("OVER RANGE
-- FOLLOWING windows are not supported yet.", Flink 2.3.0 and 1.20.0, ROWS or RANGE alike), which the guard
-- answered with "Correct the statement as Flink's message says". The proven rewrite ends the frame at CURRENT ROW.
CREATE TABLE readings (
  sensor STRING,
  reading DOUBLE,
  read_time TIMESTAMP(3),
  WATERMARK FOR read_time AS read_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT sensor, read_time, reading,
  AVG(reading) OVER (PARTITION BY sensor ORDER BY read_time ROWS BETWEEN 2 PRECEDING AND 2 FOLLOWING) AS centred_avg
FROM readings;
