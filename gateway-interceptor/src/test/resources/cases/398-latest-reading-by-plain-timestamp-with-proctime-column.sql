-- expect: BLOCK unbounded-rank dedup-not-recognized
-- expect-rewrite: time-attribute-order
-- The latest reading per sensor by a TIMESTAMP(3) column that is no time attribute, in a temporary table (ALTER
-- TABLE cannot declare its WATERMARK) that has a PROCTIME() column: a general Rank, BLOCK unbounded-rank, and WARN
-- dedup-not-recognized on the same Rank. The time-attribute-order rewrite (ordered by the PROCTIME() column: a
-- Deduplicate) removes that Rank; it is proven again for unbounded-rank and is the BLOCK's first rewrite, before
-- the session TTL, its changes: line saying that the latest row is then the latest to arrive.
CREATE TEMPORARY TABLE readings (
  sensor_id STRING,
  reading DOUBLE,
  measured_at TIMESTAMP(3),
  arrived AS PROCTIME()
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.sensor_id.length' = '2');

SELECT sensor_id, reading, measured_at
FROM (
  SELECT sensor_id, reading, measured_at,
         ROW_NUMBER() OVER (PARTITION BY sensor_id ORDER BY measured_at DESC) AS newest
  FROM readings
)
WHERE newest = 1;
