-- expect: OK
-- expect-absent: unbounded-rank
-- A Top-3 per category over a datagen table with 'number-of-rows' (a bounded source, DataGenTableSource): Flink plans
-- a non-window Rank in streaming mode, but the job ends once the 1000 rows are generated, and the Rank's state holds
-- the top three of each category seen, no more. A new user found it BLOCKed as "the state never shrinks" while a
-- GROUP BY over the same table passed (stateful-without-ttl skips bounded inputs): one judgement for both now.
CREATE TABLE products (product_id BIGINT, category STRING, price DOUBLE)
WITH ('connector' = 'datagen', 'number-of-rows' = '1000', 'fields.category.length' = '2');

SELECT product_id, category, price
FROM (
  SELECT *, ROW_NUMBER() OVER (PARTITION BY category ORDER BY price DESC) AS rn
  FROM products)
WHERE rn <= 3;
