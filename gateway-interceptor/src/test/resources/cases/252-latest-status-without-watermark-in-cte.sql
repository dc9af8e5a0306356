-- expect: BLOCK unbounded-rank dedup-not-recognized
-- expect-rewrite: watermark
-- The latest status per order (case 04) written as a CTE: ordered by a TIMESTAMP(3) column that has no
-- WATERMARK, so Flink ranks instead of deduplicating; the table has no other time attribute, so the rewrite
-- declares the watermark on the table.
CREATE TABLE order_changes (
  order_id STRING,
  status STRING,
  updated_at TIMESTAMP(3)
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

WITH latest AS (
  SELECT order_id, status, updated_at,
         ROW_NUMBER() OVER (PARTITION BY order_id ORDER BY updated_at DESC) AS rn
  FROM order_changes
)
SELECT order_id, status, updated_at FROM latest WHERE rn = 1;
