-- expect: BLOCK unbounded-rank
-- expect-fix: Order by a PROCTIME() column in place of read_at (read_at is the wall clock when the row is read, LOCALTIMESTAMP(), which is no time attribute; a column AS PROCTIME() in readings's DDL is that time as one)
-- expect-fix-absent: WATERMARK FOR
-- The latest reading per device into a sink keyed by device, ordered descending by read_at AS LOCALTIMESTAMP (the
-- shape of case 620 keeping the last row): the PROCTIME() column is the fix, not a watermark on the wall clock.
CREATE TABLE readings (
  device_id STRING,
  reading DOUBLE,
  read_at AS LOCALTIMESTAMP
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE latest_readings (
  device_id STRING,
  reading DOUBLE,
  PRIMARY KEY (device_id) NOT ENFORCED
) WITH ('connector' = 'blackhole');

INSERT INTO latest_readings
SELECT device_id, reading
FROM (
  SELECT device_id, reading,
    ROW_NUMBER() OVER (PARTITION BY device_id ORDER BY read_at DESC) AS rn
  FROM readings)
WHERE rn = 1;
