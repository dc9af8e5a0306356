-- expect: BLOCK unbounded-rank dedup-not-recognized
-- expect-fix: (event_time AS COALESCE(update_time, create_time), WATERMARK FOR event_time AS event_time - INTERVAL '5' SECOND) and order by event_time
-- The latest row per id, ordered by COALESCE(update_time, create_time): a WATERMARK needs a column, so the fix
-- declares a computed column for the expression and the watermark on it (not WATERMARK FOR COALESCE(...),
-- which Flink's parser refuses).
-- expect-fix-absent: WATERMARK FOR COALESCE
CREATE TABLE items (
  id STRING,
  price DOUBLE,
  create_time TIMESTAMP(3),
  update_time TIMESTAMP(3)
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT id, price FROM (
  SELECT id, price,
         ROW_NUMBER() OVER (PARTITION BY id ORDER BY COALESCE(update_time, create_time) DESC) AS rn
  FROM items
) WHERE rn = 1;
