-- expect: BLOCK unbounded-rank stateful-without-ttl
-- expect-fix: LATERAL
-- expect-fix-absent: TABLE ...
-- expect-rewrite: window-top-n
-- The three most sold products per shop by a count since the start, picked with LATERAL (... ORDER BY sold DESC
-- LIMIT 3) over a CTE that counts a table with an event time: the ranking's fix names the table the window reads
-- (TUMBLE(TABLE sales, ...)) and speaks of the LATERAL ... LIMIT the user wrote, not of a PARTITION BY.
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
       ORDER BY sold DESC
       LIMIT 3
     ) t;
