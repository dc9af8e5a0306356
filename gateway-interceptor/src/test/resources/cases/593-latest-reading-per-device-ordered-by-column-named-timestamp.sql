-- expect: BLOCK unbounded-rank dedup-not-recognized
-- expect-fix: `timestamp` as event time in readings (WATERMARK FOR `timestamp` AS `timestamp` - INTERVAL '5' SECOND)
-- expect-fix-absent: WATERMARK FOR timestamp
-- The latest reading per device by a column named timestamp (a reserved word, so written `timestamp`), which has no
-- WATERMARK: the fix that declares it event time writes the name in back-ticks, as the DDL must (WATERMARK FOR
-- timestamp AS ... does not parse). StatementNames#watermark and #eventTimeFor quote through SqlIdentifiers.
CREATE TABLE readings (
  device_id STRING,
  reading DOUBLE,
  `timestamp` TIMESTAMP(3)
) WITH ('connector' = 'datagen');

SELECT device_id, reading
FROM (
  SELECT device_id, reading,
    ROW_NUMBER() OVER (PARTITION BY device_id ORDER BY `timestamp` DESC) AS rn
  FROM readings)
WHERE rn = 1;
