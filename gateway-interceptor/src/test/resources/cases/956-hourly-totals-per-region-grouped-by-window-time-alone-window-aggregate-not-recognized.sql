-- expect: WARN stateful-without-ttl window-aggregate-not-recognized
-- expect-rewrite: window-group
-- expect-reason: grouped by window_time without window_start and window_end, so Flink cannot plan it as a window aggregation
-- expect-fix: Group by the window's bounds beside window_time (GROUP BY window_start, window_end, window_time, region)
-- Totals per region and hour over a 1-hour TUMBLE, grouped by window_time and region: window_time is one value per
-- window, but Flink plans a window aggregation only where the GROUP BY holds window_start and window_end
-- (WindowUtil#groupingContainsWindowStartEnd), so Flink 2.3.0 and 1.20.0 plan a general GroupAggregate keyed by
-- window_time, whose totals stay in state after each hour ends. Group by the window's bounds in its place.
CREATE TABLE orders (
  order_id STRING,
  region STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.region.length' = '1');

SELECT window_time, region, SUM(amount) AS total
FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '1' HOUR))
GROUP BY window_time, region;
