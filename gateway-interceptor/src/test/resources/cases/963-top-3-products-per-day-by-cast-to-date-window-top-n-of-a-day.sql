-- expect: BLOCK unbounded-rank
-- expect-rewrite: window-top-n
-- expect-fix: INTERVAL '1' DAY
-- expect-fix-absent: INTERVAL '5' MINUTE
-- The three best-selling products of each day, the day a CAST(sold_at AS DATE) key of the aggregation below: a Rank
-- over a GroupAggregate's updating result. A window Top-N of it windows the sales by the key's day (a 1-day TUMBLE),
-- so each window's total is the day's, not a 5-minute part of it.
CREATE TABLE sales (
  product STRING,
  amount DOUBLE,
  sold_at TIMESTAMP(3),
  WATERMARK FOR sold_at AS sold_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.product.length' = '2');

SELECT sale_day, product, total FROM (
  SELECT sale_day, product, total,
         ROW_NUMBER() OVER (PARTITION BY sale_day ORDER BY total DESC) AS rn
  FROM (
    SELECT CAST(sold_at AS DATE) AS sale_day, product, SUM(amount) AS total
    FROM sales
    GROUP BY CAST(sold_at AS DATE), product
  )
) WHERE rn <= 3;
