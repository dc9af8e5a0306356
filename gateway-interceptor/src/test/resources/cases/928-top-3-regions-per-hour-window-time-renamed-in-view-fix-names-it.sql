-- expect: BLOCK unbounded-rank window-rank-not-recognized
-- expect-reason: partitioned by wt (window_time renamed) without window_start and window_end
-- expect-fix: Partition by the window's bounds in place of wt (PARTITION BY window_start, window_end)
-- expect-fix: Where the query the ranking reads does not select window_start and window_end, select them there first.
-- expect-fix: (in place of wt, selected in the query the ranking reads where it does not select them)
-- expect-fix-absent: PARTITION BY window_start, window_end, window_time
-- The three best regions of each hour over a view of hourly totals that gives the window's time attribute the name wt
-- (and selects no bound), ranked by wt: a general Rank keyed by window_time in Flink's plan. The findings name the
-- column as the statement does, and the fix says to select the bounds, which the query the ranking reads lacks.
CREATE TABLE orders (
  order_id STRING,
  region STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.region.length' = '1');

CREATE TEMPORARY VIEW hourly AS
SELECT window_time AS wt, region, SUM(amount) AS total
FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '1' HOUR))
GROUP BY window_start, window_end, window_time, region;

SELECT wt, region, total FROM (
  SELECT wt, region, total,
         ROW_NUMBER() OVER (PARTITION BY wt ORDER BY total DESC) AS rn
  FROM hourly
) WHERE rn <= 3;
