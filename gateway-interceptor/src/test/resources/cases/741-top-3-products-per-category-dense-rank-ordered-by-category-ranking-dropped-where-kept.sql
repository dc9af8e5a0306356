-- expect: BLOCK rank-function-unsupported
-- expect-rewrite: tied-ranking-dropped
-- DENSE_RANK() per category ordered by the category (the sales column forgotten), in a query with its filter
-- `dr <= 3` in the outer block and a WHERE of its own: every product ranks 1 and all pass. The ranking becomes the
-- constant its ties give (CAST(1 AS BIGINT)); the statement's own WHERE stays.
CREATE TABLE products (product_id STRING, category STRING, sales BIGINT, active BOOLEAN) WITH ('connector' = 'datagen');

SET 'table.exec.state.ttl' = '1 d';

SELECT category, product_id, sales
FROM (
  SELECT category, product_id, sales, active, DENSE_RANK() OVER (PARTITION BY category ORDER BY category) AS dr
  FROM products
)
WHERE dr <= 3 AND active;
