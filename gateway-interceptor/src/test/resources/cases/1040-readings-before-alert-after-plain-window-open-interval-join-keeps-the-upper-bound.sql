-- expect: WARN stateful-without-ttl
-- expect-fix: AND r.reading_time BETWEEN a.alert_time - INTERVAL '1' HOUR AND a.alert_time (the statement's own bound, r.reading_time <= a.alert_time, kept
-- expect-fix-absent: the statement does not say whether
-- The readings of a device that led to each of its alerts: made before the alert (r.reading_time <= a.alert_time)
-- and after the alert rule's window opened (a plain column), so Flink plans a regular join keeping every alert and
-- every reading forever. The other direction of 1039: the statement's upper bound is kept, the lower one added.
CREATE TABLE alerts (
  device_id BIGINT,
  rule_name STRING,
  window_open TIMESTAMP(3),
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
JOIN readings r
  ON a.device_id = r.device_id
 AND r.reading_time <= a.alert_time
 AND r.reading_time >= a.window_open;
