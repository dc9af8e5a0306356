-- expect: BLOCK frame-with-row-number
-- expect-rewrite: frame-removed
-- The latest row per key with a RANGE frame, quoted identifiers and comments inside the statement: without
-- the frame it is a Deduplicate on the event time; the rewrite keeps the names' quoting and the comments.
CREATE TABLE `Sensor Readings` (
  `Sensor Id` STRING,
  `value` DOUBLE,
  `read at` TIMESTAMP(3),
  WATERMARK FOR `read at` AS `read at` - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT `Sensor Id`, `value`, `read at` FROM (
  -- the latest reading per sensor
  SELECT `Sensor Id`, `value`, `read at`,
         ROW_NUMBER() OVER (PARTITION BY `Sensor Id` ORDER BY `read at` DESC
                            RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS rn /* numbered per sensor */
  FROM `Sensor Readings`
) WHERE rn = 1;
