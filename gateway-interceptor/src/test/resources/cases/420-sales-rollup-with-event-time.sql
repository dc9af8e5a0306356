-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-reason: per grouping set and its region, shop
-- expect-fix: GROUP BY window_start, window_end, GROUPING SETS (...) as the query writes them
-- expect-fix-absent: $e
-- ROLLUP over a table with event time: the window the fix proposes keeps the grouping sets after window_start,
-- window_end (Flink docs, "Window Aggregation", GROUPING SETS); it proposed "GROUP BY window_start, window_end,
-- region, shop, $e", which drops the rollup and names Flink's Expand column.
CREATE TABLE sales (
  region STRING,
  shop STRING,
  amount DOUBLE,
  sold_at TIMESTAMP(3),
  WATERMARK FOR sold_at AS sold_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT region, shop, SUM(amount) AS revenue
FROM sales
GROUP BY ROLLUP (region, shop);
