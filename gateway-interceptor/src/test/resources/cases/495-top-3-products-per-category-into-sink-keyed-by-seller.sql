-- expect: BLOCK on-conflict-required
-- expect-rewrite: on-conflict
-- expect-fix: Or end the INSERT with one of
-- expect-fix-absent: The query is a Top-N
-- expect-fix-absent: An ON CONFLICT clause is no fix here
-- The three best-selling products per category written into a sink keyed by seller_id, a column outside the
-- partition: a category's three rows fall on up to three seller rows, and sellers of several categories collide.
-- The fix said "The query is a Top-N: the rows it keeps per partition fall on one sink row ... An ON CONFLICT clause
-- is no fix here" while the on-conflict rewrite, rightly, offered the three clauses (OnConflictChoice withholds them
-- only where the sink's key is among the partition columns, case 474). The fix now holds the Top-N text for that
-- shape only, and names the clauses here like the rewrite. On Flink 1.20 (no ON CONFLICT) it plans: OK.
SET 'table.exec.state.ttl' = '1 d';

CREATE TABLE product_sales (
  product_id STRING,
  category STRING,
  seller_id STRING,
  sold BIGINT,
  PRIMARY KEY (product_id) NOT ENFORCED
) WITH ('connector' = 'datagen');

CREATE TABLE top_sellers (
  seller_id STRING,
  category STRING,
  product_id STRING,
  sold BIGINT,
  PRIMARY KEY (seller_id) NOT ENFORCED
) WITH ('connector' = 'blackhole');

INSERT INTO top_sellers
SELECT seller_id, category, product_id, sold
FROM (
  SELECT seller_id, category, product_id, sold,
         ROW_NUMBER() OVER (PARTITION BY category ORDER BY sold DESC) AS rn
  FROM product_sales
)
WHERE rn <= 3;
