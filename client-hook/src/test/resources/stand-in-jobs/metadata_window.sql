-- Kafka metadata columns (record timestamp, partition, offset) and a tumbling window on the record time.
CREATE TEMPORARY TABLE events (
  event_id STRING,
  kind STRING,
  ts TIMESTAMP_LTZ(3) METADATA FROM 'timestamp',
  part INT METADATA FROM 'partition' VIRTUAL,
  off BIGINT METADATA FROM 'offset' VIRTUAL,
  WATERMARK FOR ts AS ts - INTERVAL '10' SECOND
) WITH (
  'connector' = 'kafka',
  'topic' = 'events',
  'properties.bootstrap.servers' = 'kafka:9092',
  'properties.group.id' = 'events-jobs',
  'scan.startup.mode' = 'earliest-offset',
  'format' = 'json'
);

CREATE TEMPORARY TABLE events_per_minute (
  kind STRING,
  window_start TIMESTAMP(3),
  events BIGINT,
  max_offset BIGINT,
  ts TIMESTAMP_LTZ(3) METADATA FROM 'timestamp'
) WITH (
  'connector' = 'kafka',
  'topic' = 'events-per-minute',
  'properties.bootstrap.servers' = 'kafka:9092',
  'format' = 'json'
);

INSERT INTO events_per_minute
SELECT kind, window_start, COUNT(*), MAX(off), CAST(window_end AS TIMESTAMP_LTZ(3))
FROM TABLE(TUMBLE(TABLE events, DESCRIPTOR(ts), INTERVAL '1' MINUTE))
GROUP BY kind, window_start, window_end;
