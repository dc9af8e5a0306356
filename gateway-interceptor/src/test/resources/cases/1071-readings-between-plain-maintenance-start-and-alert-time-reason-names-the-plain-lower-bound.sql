-- expect: WARN stateful-without-ttl
-- expect-reason: its lower bound of r.reading_time, a.window_opened (alerts), is a plain column that carries no time attribute
-- expect-reason: bounded from above only, and an interval join needs a lower and an upper bound
-- expect-reason-absent: which this condition does not give
-- The readings of a device before its alert (event time) and after its alert rule's window opened (a plain
-- TIMESTAMP), the event-time bound written first: case 1067's shape the other way round, the plain column the lower
-- bound. Flink plans a regular join; the reason said only that the condition gives no lower and upper bound, and now
-- names a.window_opened as the bound Flink does not take.
CREATE TABLE alerts (
  device_id BIGINT,
  rule_name STRING,
  window_opened TIMESTAMP(3),
  alert_time TIMESTAMP(3),
  WATERMARK FOR alert_time AS alert_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE readings (
  device_id BIGINT,
  temperature DOUBLE,
  reading_time TIMESTAMP(3),
  WATERMARK FOR reading_time AS reading_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE alert_readings (
  device_id BIGINT,
  rule_name STRING,
  temperature DOUBLE
) WITH ('connector' = 'blackhole');

INSERT INTO alert_readings
SELECT a.device_id, a.rule_name, r.temperature
FROM alerts a
JOIN readings r ON a.device_id = r.device_id AND r.reading_time <= a.alert_time AND r.reading_time >= a.window_opened;
