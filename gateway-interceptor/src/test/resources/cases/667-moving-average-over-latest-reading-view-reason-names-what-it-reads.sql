-- expect: BLOCK updates-into-append-only
-- expect-reason: The OverAggregate accepts inserts only, but it reads the deduplication (
-- expect-reason: the latest row
-- expect-reason: ) of latest_readings, which replaces
-- expect-reason-absent: reading it
-- Flink 1.20 plans the deduplication as a Deduplicate, 2.3 as a Top-1 Rank; the reason names each plan's own
-- operator, and the header checks what both say.
-- An hourly moving average per device over a view of each device's latest reading: the OVER aggregate reads the
-- view's deduplication, which updates. The reason said "The OverAggregate reading it accepts inserts only", "it"
-- with nothing before it to stand for; it now says what the operator reads, and of which view.
CREATE TABLE readings (
  device_id STRING,
  temperature DOUBLE,
  reading_time TIMESTAMP(3),
  WATERMARK FOR reading_time AS reading_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE VIEW latest_readings AS
SELECT device_id, temperature, reading_time FROM (
  SELECT *, ROW_NUMBER() OVER (PARTITION BY device_id ORDER BY reading_time DESC) AS rn FROM readings)
WHERE rn = 1;

SELECT device_id, temperature,
  AVG(temperature) OVER (PARTITION BY device_id ORDER BY reading_time
    RANGE BETWEEN INTERVAL '1' HOUR PRECEDING AND CURRENT ROW) AS avg_1h
FROM latest_readings;
