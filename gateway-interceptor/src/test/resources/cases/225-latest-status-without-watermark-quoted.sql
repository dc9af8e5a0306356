-- expect: BLOCK unbounded-rank dedup-not-recognized
-- expect-rewrite: time-attribute-order watermark last-value
-- The latest status per order (case 04) with quoted identifiers: ordered by a TIMESTAMP(3) column
-- that has no WATERMARK, so Flink ranks instead of deduplicating.
CREATE TABLE `Order Changelog` (
  `Order Id` STRING,
  status STRING,
  `updated at` TIMESTAMP(3),
  pt AS PROCTIME()
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT `Order Id`, status, `updated at` FROM (
  SELECT `Order Id`, status, `updated at`,
         ROW_NUMBER() OVER (PARTITION BY `Order Id` ORDER BY `updated at` DESC) AS rn
  FROM `Order Changelog`
) WHERE rn = 1;
