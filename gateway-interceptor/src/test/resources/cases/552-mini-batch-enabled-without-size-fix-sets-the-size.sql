-- expect: BLOCK planner-error
-- expect-fix: the session sets no positive table.exec.mini-batch.size
-- expect-fix: SET 'table.exec.mini-batch.size' = '5000' before this statement
-- Mini-batch turned on with its latency but no batch size, as Flink's AggregateTest#testAggWithMiniBatch configures it
-- (the test harness sets the size; a session does not): Flink 2.3.0 refuses every aggregation of the session ("Key:
-- 'table.exec.mini-batch.size' , default: -1 (fallback keys: []) must be > 0.", MinibatchUtil#miniBatchSize). The
-- statement is right; the session lacks one key, which the fix names.
CREATE TABLE page_views (
  user_id STRING,
  page STRING,
  view_time TIMESTAMP(3)
) WITH ('connector' = 'datagen');

SET 'table.exec.mini-batch.enabled' = 'true';
SET 'table.exec.mini-batch.allow-latency' = '1 s';

SELECT page, COUNT(DISTINCT user_id) AS visitors
FROM page_views
GROUP BY page;
