-- expect: BLOCK unbounded-rank dedup-not-recognized
-- expect-rewrite: watermark
-- The first status per order, written into a sink: ordered ascending by a TIMESTAMP_LTZ(3) column without a
-- WATERMARK, so Flink ranks; with the watermark declared it keeps each order's first row (Deduplicate).
CREATE TABLE order_changes (
  order_id STRING,
  status STRING,
  changed_at TIMESTAMP_LTZ(3)
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE first_status (order_id STRING, status STRING, changed_at TIMESTAMP_LTZ(3))
WITH ('connector' = 'blackhole');

INSERT INTO first_status
SELECT order_id, status, changed_at FROM (
  SELECT *, ROW_NUMBER() OVER (PARTITION BY order_id ORDER BY changed_at) AS rn
  FROM order_changes
) WHERE rn = 1;
