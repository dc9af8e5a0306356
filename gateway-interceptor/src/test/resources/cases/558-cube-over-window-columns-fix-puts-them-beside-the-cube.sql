-- expect: WARN stateful-without-ttl
-- expect-fix: or group by both window columns, GROUP BY window_start, window_end beside the GROUPING SETS (...), ROLLUP (...) or CUBE (...)
-- expect-fix: a grouping set without both window columns, a total since the start, becomes a total per window
-- Distinct visitors per page and country cubed together with the window columns of a 15-minute TUMBLE (Flink's
-- WindowAggregateTest#testCantTranslateToWindowAgg_CubeWithoutWindowStartEnd): CUBE (page, country, window_start,
-- window_end) holds sets without the window columns, so Flink plans a GroupAggregate over an Expand whose state
-- never expires. The fix offered only a state TTL; Flink plans a window aggregation for the window columns beside
-- the CUBE (WindowAggregateTest#testHop_Cube), which the fix now names with what it changes: the sets without them
-- were totals since the start.
CREATE TABLE page_views (
  page STRING,
  country STRING,
  visitor_id STRING,
  view_time TIMESTAMP(3),
  WATERMARK FOR view_time AS view_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT page, country, COUNT(DISTINCT visitor_id) AS visitors
FROM TABLE(TUMBLE(TABLE page_views, DESCRIPTOR(view_time), INTERVAL '15' MINUTE))
GROUP BY CUBE (page, country, window_start, window_end);
