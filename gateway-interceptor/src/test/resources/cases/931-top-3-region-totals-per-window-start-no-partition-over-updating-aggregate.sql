-- expect: BLOCK unbounded-rank rank-retract global-rank window-aggregate-not-recognized
-- expect-fix: Where a ranking per window is meant, group the aggregation below by both window columns (GroupAggregate[
-- expect-fix: GROUP BY window_start, window_end, region, a window aggregation, which emits each window's result once) and rank with PARTITION BY window_start, window_end
-- expect-fix-absent: GROUP BY window_start, window_end, window_start
-- expect-fix-absent: INTERVAL '5' MINUTE
-- The three largest region totals per window_start, with no PARTITION BY, over an aggregation of a 1-hour TUMBLE grouped
-- by window_start without window_end: a GroupAggregate (an updating result), ranked by a Rank with partitionBy=[] and
-- RetractStrategy, which keeps every input row in its one partition: not bounded (unbounded-rank) and one task
-- (global-rank). unbounded-rank's fix proposed a new 5-minute TUMBLE over orders "and GROUP BY window_start,
-- window_end, window_start, region": the aggregation reads a window already; it lacks window_end among its keys.
CREATE TABLE orders (
  order_id STRING,
  region STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.region.length' = '1');

SELECT window_start, region, total FROM (
  SELECT window_start, region, total,
         ROW_NUMBER() OVER (ORDER BY total DESC) AS rn
  FROM (
    SELECT window_start, region, SUM(amount) AS total
    FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '1' HOUR))
    GROUP BY window_start, region
  )
) WHERE rn <= 3;
