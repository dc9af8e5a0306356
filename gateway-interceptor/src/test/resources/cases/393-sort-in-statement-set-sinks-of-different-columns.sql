-- expect: BLOCK sort-non-time
-- expect-rewrite: bounded-sort
-- A sort on a business column in the first INSERT of a statement set whose two sinks have different columns:
-- the rewrite's columns: line names each sink's columns after its table, once each, not one list of both.
CREATE TABLE readings (
  sensor_id STRING,
  temperature DOUBLE,
  read_at TIMESTAMP(3),
  WATERMARK FOR read_at AS read_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE hottest (sensor_id STRING, temperature DOUBLE) WITH ('connector' = 'blackhole');

CREATE TABLE readings_archive (sensor_id STRING, temperature DOUBLE, read_at TIMESTAMP(3)) WITH ('connector' = 'blackhole');

EXECUTE STATEMENT SET
BEGIN
  INSERT INTO hottest SELECT sensor_id, temperature FROM readings ORDER BY temperature DESC;
  INSERT INTO readings_archive SELECT sensor_id, temperature, read_at FROM readings;
END;
