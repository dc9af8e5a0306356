-- expect: WARN window-aggregate-not-recognized
-- expect-reason: keyed by category, window_start, the grouping set
-- expect-reason-absent: $e
-- expect-fix: GROUP BY window_start, window_end beside the GROUPING SETS (...), ROLLUP (...) or CUBE (...), with the window columns taken out of the sets
-- expect-fix-absent: $e
-- Distinct buyers per category and in all per 15-minute window, with window_start inside the GROUPING SETS and no
-- window_end (Flink's WindowAggregateTest#testCantTranslateToWindowAgg_GroupingSetsOnlyWithWindowStart): a
-- GroupAggregate over an Expand, keyed by Flink's grouping-set number $e too. The guard said "keyed by category,
-- window_start, $e" and proposed "GROUP BY category, window_start, window_end, $e": $e is no column of the
-- statement, and window_end added to the grouping sets' columns still plans no window aggregation. Flink's docs put
-- the window columns beside the sets: GROUP BY window_start, window_end, GROUPING SETS ((category), ()).
CREATE TABLE orders (
  order_id STRING,
  category STRING,
  buyer_id STRING,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT category, COUNT(DISTINCT buyer_id) AS buyers
FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '15' MINUTE))
GROUP BY GROUPING SETS ((category, window_start), (window_start));
