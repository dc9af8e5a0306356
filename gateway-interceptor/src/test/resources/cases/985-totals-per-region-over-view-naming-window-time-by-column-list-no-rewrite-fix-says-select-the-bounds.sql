-- expect: WARN stateful-without-ttl window-aggregate-not-recognized
-- expect-reason: grouped by wt (window_time renamed) without window_start and window_end
-- expect-fix: Where the query the aggregation reads does not select window_start and window_end, select them there first.
-- A view that names its columns by a column list (wt for window_time), totals per wt and region over it: the window
-- aggregation needs the view to select the window's bounds, which its column list does not name; a view redefined with
-- two more columns would need a longer list, so no window-group rewrite is offered and the fix says what to do.
CREATE TABLE orders (
  order_id STRING,
  region STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.region.length' = '1');

CREATE TEMPORARY VIEW windowed (wt, region, amount) AS
SELECT window_time, region, amount
FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '10' MINUTE));

SELECT wt, region, SUM(amount) AS total
FROM windowed
GROUP BY wt, region;
