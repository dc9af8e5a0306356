-- expect: WARN stateful-without-ttl
-- expect-rewrite: window-aggregate
-- expect-fix: over TABLE(TUMBLE(TABLE sales, DESCRIPTOR(sold_at), INTERVAL '1' DAY)) (one final result per day, at its end; not a CUMULATE window, whose result so far at each step would reach the aggregation above as a new row)
-- expect-fix: the aggregation above it, grouped by sale_day, keeps its own state per sale_day
-- expect-fix-absent: TABLE(CUMULATE(
-- The best shop total of each day: a MAX per day over totals per CAST(sold_at AS DATE) and shop, an aggregation over an
-- aggregation. The window-aggregate rewrite of the inner one offers a 1-day TUMBLE alone (a CUMULATE step's result so
-- far is a new row, which MAX would keep beside the day's final total), so the fix names TUMBLE first, from the same
-- source as the rewrite; and both say that the MAX above keeps its own state per sale_day, which no window frees.
CREATE TABLE sales (
  shop STRING,
  amount DOUBLE,
  sold_at TIMESTAMP(3),
  WATERMARK FOR sold_at AS sold_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.shop.length' = '2');

SELECT sale_day, MAX(total) AS best_total FROM (
  SELECT CAST(sold_at AS DATE) AS sale_day, shop, SUM(amount) AS total
  FROM sales
  GROUP BY CAST(sold_at AS DATE), shop
)
GROUP BY sale_day;
