-- expect: BLOCK updates-into-append-only
-- expect-fix: PRIMARY KEY (category, rn) NOT ENFORCED
-- expect-fix: upsert-kafka
-- expect-fix: rank per window
-- The three best-selling products per category written into a filesystem (CSV) table, the Top-N error users meet
-- most: Flink refuses it while optimizing ("Table sink 'default_catalog.default_database.top_products' doesn't
-- support consuming update and delete changes which is produced by node Rank(...)",
-- FlinkChangelogModeInferenceProgram, 2.3.0 and 1.20.0). The guard answered "Correct the statement as Flink's message
-- says"; it now says which operator updates, why, and the two ways out: a sink that takes updates, keyed by the
-- partition columns and the row number, or a window Top-N, which emits inserts.
CREATE TABLE sales (
  product_id STRING,
  category STRING,
  sold BIGINT
) WITH ('connector' = 'datagen');

CREATE TABLE top_products (
  category STRING,
  product_id STRING,
  sold BIGINT,
  rn BIGINT
) WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-499', 'format' = 'csv');

INSERT INTO top_products
SELECT category, product_id, sold, rn
FROM (
  SELECT category, product_id, sold, ROW_NUMBER() OVER (PARTITION BY category ORDER BY sold DESC) AS rn
  FROM sales
)
WHERE rn <= 3;
