-- expect: INFO stateful-without-ttl
-- expect-fix: longer than duplicates of a row keep arriving after it
-- expect-fix-absent: longer than a key stays active
-- The first reading per reading_id (a Deduplicate keeping the first row, by processing time), in a CTE. Flink
-- writes a key's state once, at its first row, and a duplicate only reads it (DeduplicateFunctionHelper
-- #processFirstRowOnProcTime), so a TTL runs from the first row whatever duplicates come after it: a key that
-- keeps receiving duplicates is not "active" in the sense the TTL counts. The fix says how long the TTL must be
-- for a first-row deduplication, where it said "longer than a key stays active".
CREATE TABLE readings (
  reading_id STRING,
  sensor_id STRING,
  temperature DOUBLE,
  arrived AS PROCTIME()
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

WITH firsts AS (
  SELECT reading_id, sensor_id, temperature,
         ROW_NUMBER() OVER (PARTITION BY reading_id ORDER BY arrived ASC) AS n
  FROM readings
)
SELECT reading_id, sensor_id, temperature FROM firsts WHERE n = 1;
