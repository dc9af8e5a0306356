-- expect: WARN watermark-ahead-of-event-time
-- expect-rewrite: watermark-trailing
-- expect-fix: WATERMARK FOR reading_time AS reading_time - INTERVAL '1' MINUTE
-- Sensor readings whose watermark is written a minute ahead of the event time, the strategy over two lines with a
-- comment after it (issue 30 §2: configuration findings get their fix as a rewrite; §1: splice only what changes).
-- The watermark-trailing rewrite is the CREATE TABLE as written with only the strategy replaced, where the parser
-- placed it, by reading_time - INTERVAL '1' MINUTE; Flink's parser and catalog manager resolve the new watermark
-- before it is shown, and the reason quotes the strategy as written, not Flink's reprint. Before: no rewrite, and the
-- reason quoted Flink's reprint of the strategy.
CREATE TABLE sensor_readings (
  sensor_id STRING,
  reading DOUBLE,
  reading_time TIMESTAMP(3),
  WATERMARK FOR reading_time AS reading_time
      + INTERVAL '1' MINUTE -- readings arrive up to a minute late
) WITH ('connector' = 'datagen');
