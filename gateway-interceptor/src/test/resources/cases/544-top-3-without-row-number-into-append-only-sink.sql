-- expect: BLOCK updates-into-append-only
-- expect-fix: PRIMARY KEY (category, rn) NOT ENFORCED, the row number rn selected into it
-- A Top-3 per category whose row number is not selected, written into a filesystem table. Without its row number a
-- Top-N's rows have no key of the partition columns (FlinkRelMdUniqueKeys: partition columns and row number, or the
-- partition columns alone for a Top-1), so the fix says to select it into the upsert sink it keys.
CREATE TABLE sales (
  product_id STRING,
  category STRING,
  sold BIGINT
) WITH ('connector' = 'datagen');

CREATE TABLE top_products (
  category STRING,
  product_id STRING,
  sold BIGINT
) WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-544', 'format' = 'csv');

INSERT INTO top_products
SELECT category, product_id, sold
FROM (
  SELECT category, product_id, sold, ROW_NUMBER() OVER (PARTITION BY category ORDER BY sold DESC) AS rn
  FROM sales
)
WHERE rn <= 3;
