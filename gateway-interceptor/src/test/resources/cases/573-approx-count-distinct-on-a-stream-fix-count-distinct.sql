-- expect: BLOCK planner-error
-- expect-fix: APPROX_COUNT_DISTINCT runs on bounded input only (batch mode)
-- expect-fix: COUNT(DISTINCT ...) counts exactly
-- Approximate distinct visitors per page on a stream (Flink's AggregateTest#testApproximateCountDistinct): Flink 2.3.0
-- refuses it ("APPROX_COUNT_DISTINCT aggregate function does not support yet for streaming.", AggFunctionFactory: bounded
-- input only); the guard said only to correct the statement.
CREATE TABLE page_views (
  page STRING,
  visitor_id STRING,
  view_time TIMESTAMP(3)
) WITH ('connector' = 'datagen');

SELECT page, APPROX_COUNT_DISTINCT(visitor_id) AS visitors
FROM page_views
GROUP BY page;
