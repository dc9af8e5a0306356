-- expect: BLOCK unbounded-rank dedup-not-recognized
-- expect-rewrite: watermark last-value
-- The first status per order by a plain TIMESTAMP(3) (no WATERMARK, so Flink ranks instead of deduplicating).
-- The FIRST_VALUE rewrite keeps each column's first non-NULL value to arrive, and a late row with an older
-- updated_at does not replace it: the changes line says that, not that late rows overwrite.
CREATE TABLE order_status (
  order_id STRING,
  status STRING,
  updated_at TIMESTAMP(3)
) WITH ('connector' = 'datagen');

SELECT order_id, status, updated_at
FROM (
  SELECT order_id, status, updated_at,
         ROW_NUMBER() OVER (PARTITION BY order_id ORDER BY updated_at ASC) AS rn
  FROM order_status
)
WHERE rn = 1;
