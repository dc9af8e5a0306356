-- expect: BLOCK on-conflict-required
-- expect-reason: the query aggregates per device_id and window of SESSION(reading_time, INTERVAL '10' MINUTE)
-- expect-fix: Select the window's start, SESSION_START(reading_time, INTERVAL '10' MINUTE), and key the sink by device_id and the window's start
-- expect-fix-absent: TABLE(SESSION(TABLE readings
-- Readings per device and session into a jdbc table keyed by device: each session's row overwrites the device's one sink
-- row. The fix selects the session's start; it offers no SESSION TVF written from the legacy call: without PARTITION
-- BY device_id that TVF would cut sessions across all devices, another query.
CREATE TABLE readings (
  device_id STRING,
  reading DOUBLE,
  reading_time TIMESTAMP(3),
  WATERMARK FOR reading_time AS reading_time - INTERVAL '10' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE device_sessions (
  device_id STRING,
  readings BIGINT,
  PRIMARY KEY (device_id) NOT ENFORCED
) WITH ('connector' = 'jdbc', 'url' = 'jdbc:postgresql://db:5432/iot', 'table-name' = 'device_sessions');

INSERT INTO device_sessions
SELECT device_id, COUNT(*) AS readings
FROM readings
GROUP BY device_id, SESSION(reading_time, INTERVAL '10' MINUTE);
