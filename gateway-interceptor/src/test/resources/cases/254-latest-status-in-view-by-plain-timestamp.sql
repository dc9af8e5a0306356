-- expect: BLOCK unbounded-rank dedup-not-recognized
-- expect-rewrite: time-attribute-order
-- A temporary view keeps the latest status per order by a plain TIMESTAMP(3) column, while the table has a
-- processing-time attribute: the rewrite redefines the view to order by it (a Deduplicate), and the query
-- on the view runs as written.
CREATE TABLE order_changes (
  order_id STRING,
  status STRING,
  updated_at TIMESTAMP(3),
  pt AS PROCTIME()
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TEMPORARY VIEW latest_status AS
SELECT order_id, status, updated_at FROM (
  SELECT order_id, status, updated_at,
         ROW_NUMBER() OVER (PARTITION BY order_id ORDER BY updated_at DESC) AS rn
  FROM order_changes
) WHERE rn = 1;

SELECT order_id, status FROM latest_status WHERE status <> 'cancelled';
