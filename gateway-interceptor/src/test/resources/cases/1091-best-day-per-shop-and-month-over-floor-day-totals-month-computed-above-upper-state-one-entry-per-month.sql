-- expect: WARN stateful-without-ttl
-- expect-rewrite: window-aggregate
-- expect-fix-absent: one entry per value
-- The best day of each shop and month: a MAX per DATE_FORMAT(d, 'yyyy-MM') and shop over totals per FLOOR(sold_at TO
-- DAY) AS d and shop. The upper key is a month the upper SELECT computes from the day: its state is said as one entry
-- per month and shop, read from the expression, in the fix and the window-aggregate rewrite's changes.
CREATE TABLE sales (
  shop STRING,
  amount DOUBLE,
  sold_at TIMESTAMP(3),
  WATERMARK FOR sold_at AS sold_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.shop.length' = '2');

SELECT DATE_FORMAT(d, 'yyyy-MM') AS sale_month, shop, MAX(total) AS best_day_total FROM (
  SELECT FLOOR(sold_at TO DAY) AS d, shop, SUM(amount) AS total
  FROM sales
  GROUP BY FLOOR(sold_at TO DAY), shop
)
GROUP BY DATE_FORMAT(d, 'yyyy-MM'), shop;
