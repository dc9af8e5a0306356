-- expect: BLOCK unbounded-rank stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- The best two products per shop by all-time revenue, over a table with no time attribute: the only rewrite
-- is the session TTL, and it also resets the SUM below the Top-N for a product idle that long. Its changes:
-- line says so, not only that the ranking starts anew.
CREATE TABLE sales (
  shop STRING,
  product STRING,
  revenue DOUBLE
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.shop.length' = '1',
        'fields.product.length' = '2');

WITH revenue_per_product AS (
  SELECT shop, product, SUM(revenue) AS total_revenue
  FROM sales
  GROUP BY shop, product
)
SELECT shop, product, total_revenue
FROM (
  SELECT shop, product, total_revenue,
         ROW_NUMBER() OVER (PARTITION BY shop ORDER BY total_revenue DESC) AS place
  FROM revenue_per_product
)
WHERE place <= 2;
