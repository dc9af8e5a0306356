-- expect: BLOCK unbounded-rank
-- expect-rewrite: state-ttl-hint
-- Issue 30, "splice only what changes": a Top-N by ascending total (`ORDER BY total_revenue ASC`) over an
-- aggregation nested two blocks deep, written over many lines. The state-ttl-hint rewrite hints the aggregating
-- block after its SELECT; `ASC`, the comments and the line breaks stay.
CREATE TABLE sales (
  shop STRING,
  product STRING,
  revenue DOUBLE
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.shop.length' = '1',
        'fields.product.length' = '2');

SELECT shop, product, total_revenue
FROM (
  SELECT shop, product, total_revenue,
         ROW_NUMBER() OVER (PARTITION BY shop ORDER BY total_revenue ASC) AS place -- least sold first
  FROM (
    SELECT shop, product, SUM(revenue) AS total_revenue
    FROM sales
    GROUP BY shop, product
  )
)
WHERE place <= 2;
