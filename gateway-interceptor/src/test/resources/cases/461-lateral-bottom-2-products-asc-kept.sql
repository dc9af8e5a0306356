-- expect: BLOCK unbounded-rank stateful-without-ttl
-- expect-rewrite: window-top-n
-- The two least sold products per shop, picked with LATERAL (... ORDER BY sold ASC NULLS LAST, product ASC
-- LIMIT 2): the window Top-N rewrite writes the LATERAL's order keys in its new OVER clause with the ASC the
-- user wrote, which Calcite's parser keeps no node for (issue 30 §1: keep the user's keywords; before, the OVER
-- read ORDER BY sold NULLS LAST, product).
CREATE TABLE sales (
  shop STRING,
  product STRING,
  sold_at TIMESTAMP(3),
  WATERMARK FOR sold_at AS sold_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.shop.length' = '1', 'fields.product.length' = '2');

WITH counts AS (
  SELECT shop, product, COUNT(*) AS sold
  FROM sales
  GROUP BY shop, product
)
SELECT s.shop, t.product, t.sold
FROM (SELECT DISTINCT shop FROM counts) s,
     LATERAL (
       SELECT product, sold FROM counts
       WHERE counts.shop = s.shop
       ORDER BY sold ASC NULLS LAST, product ASC
       LIMIT 2
     ) t;
