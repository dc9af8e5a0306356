-- expect: BLOCK updates-into-append-only
-- expect-reason: The WindowRank accepts inserts only, but it reads the deduplication (
-- expect-reason: the latest row
-- expect-reason: ) of readings, which replaces
-- expect-reason-absent: reading it
-- Flink 1.20 plans the deduplication as a Deduplicate, 2.3 as a Top-1 Rank; the reason names each plan's own
-- operator, and the header checks what both say.
-- The three hottest devices per site and 10 minutes, over each device's latest reading deduplicated in a WITH item of
-- the same statement: Flink's WindowRank refuses the deduplication's updates. The reason's "The WindowRank reading
-- it" named nothing; it now names the deduplication it reads and the table it comes from.
CREATE TABLE readings (
  device_id STRING,
  site STRING,
  temperature DOUBLE,
  reading_time TIMESTAMP(3),
  WATERMARK FOR reading_time AS reading_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

WITH latest AS (
  SELECT device_id, site, temperature, reading_time FROM (
    SELECT *, ROW_NUMBER() OVER (PARTITION BY device_id ORDER BY reading_time DESC) AS k FROM readings)
  WHERE k = 1)
SELECT * FROM (
  SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end, site ORDER BY temperature DESC) AS rn
  FROM TABLE(TUMBLE(TABLE latest, DESCRIPTOR(reading_time), INTERVAL '10' MINUTE)))
WHERE rn <= 3;
