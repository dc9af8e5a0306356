-- expect: WARN stateful-without-ttl window-aggregate-not-recognized
-- expect-rewrite: window-group
-- expect-reason: grouped by wt (window_time renamed) without window_start and window_end
-- expect-fix: Group by the window's bounds beside wt (GROUP BY window_start, window_end, wt, region)
-- expect-fix: Where the query the aggregation reads does not select window_start and window_end, select them there first.
-- A view of each order's 10-minute TUMBLE window that gives the window's time attribute the name wt (and selects no
-- bound), totals per wt and region over it: Flink plans a general GroupAggregate keyed by wt, the window_time of the
-- WindowTableFunction under a Calc's projection (read from the compiled plan, not the Calc's printed description).
CREATE TABLE orders (
  order_id STRING,
  region STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.region.length' = '1');

CREATE TEMPORARY VIEW windowed AS
SELECT window_time AS wt, region, amount
FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '10' MINUTE));

SELECT wt, region, SUM(amount) AS total
FROM windowed
GROUP BY wt, region;
