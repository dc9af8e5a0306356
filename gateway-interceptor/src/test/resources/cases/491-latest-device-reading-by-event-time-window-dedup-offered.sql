-- expect: INFO stateful-without-ttl
-- expect-fix: SET 'table.exec.state.ttl'
-- expect-fix: or deduplicate per window
-- expect-fix-absent: refuses one ordered by processing time
-- The latest reading per device by event time (ROW_NUMBER() ... ORDER BY ts DESC over a watermarked table): a
-- Deduplicate ordered by ROWTIME, which a window deduplication can replace (StreamExecWindowDeduplicate takes an
-- event-time order), so its fix keeps offering it beside the TTL; case 490 is the processing-time shape.
CREATE TABLE readings (
  device_id STRING,
  reading DOUBLE,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE latest_reading (
  device_id STRING,
  reading DOUBLE,
  ts TIMESTAMP(3),
  PRIMARY KEY (device_id) NOT ENFORCED
) WITH ('connector' = 'blackhole');

INSERT INTO latest_reading
SELECT device_id, reading, ts
FROM (
  SELECT *, ROW_NUMBER() OVER (PARTITION BY device_id ORDER BY ts DESC) AS rn
  FROM readings
)
WHERE rn = 1;
