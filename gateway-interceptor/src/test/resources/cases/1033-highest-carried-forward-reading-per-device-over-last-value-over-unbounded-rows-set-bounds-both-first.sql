-- expect: WARN stateful-without-ttl
-- expect-rewrite: session-state-ttl state-ttl-hint
-- Each device's readings carried forward (LAST_VALUE over all its earlier rows, ordered by event time), then the
-- highest carried-forward value per device: an OverAggregate over every row of a device, under a GroupAggregate per
-- device, neither with a TTL (the shape of flink-studies' locf_last_val, outside read r65). The first rewrite offered
-- for the statement hinted the GROUP BY, which leaves the OverAggregate unbounded; the SET bounds both.
CREATE TABLE readings (
  device_id INT,
  ts TIMESTAMP_LTZ(3),
  temperature DOUBLE,
  humidity DOUBLE,
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

WITH carried AS (
  SELECT
    device_id,
    LAST_VALUE(temperature) OVER w AS last_temperature,
    LAST_VALUE(humidity) OVER w AS last_humidity
  FROM readings
  WINDOW w AS (PARTITION BY device_id ORDER BY ts ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
)
SELECT device_id, MAX(last_temperature) AS max_temperature, MAX(last_humidity) AS max_humidity
FROM carried
GROUP BY device_id;
