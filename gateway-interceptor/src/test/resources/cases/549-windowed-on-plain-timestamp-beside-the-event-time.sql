-- expect: BLOCK time-attribute-required
-- expect-rewrite: time-attribute-order
-- expect-fix: window on the table's own time attribute
-- A window on ingest_time, a plain TIMESTAMP(3), of a table whose event-time attribute is event_time (its WATERMARK):
-- Flink refuses the window on the plain column. A table has one watermark, so none is added: the rewrite windows on
-- event_time and says the windows are then on event time, not on ingest_time.
CREATE TABLE readings (
  sensor_id STRING,
  reading DOUBLE,
  ingest_time TIMESTAMP(3),
  event_time TIMESTAMP(3),
  WATERMARK FOR event_time AS event_time - INTERVAL '10' SECOND
) WITH ('connector' = 'datagen');

SELECT window_start, window_end, sensor_id, AVG(reading) AS avg_reading
FROM TABLE(TUMBLE(TABLE readings, DESCRIPTOR(ingest_time), INTERVAL '5' MINUTES))
GROUP BY window_start, window_end, sensor_id;
