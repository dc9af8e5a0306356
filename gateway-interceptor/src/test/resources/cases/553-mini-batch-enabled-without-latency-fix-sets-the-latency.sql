-- expect: BLOCK planner-error
-- expect-fix: the session sets no positive table.exec.mini-batch.allow-latency
-- expect-fix: SET 'table.exec.mini-batch.allow-latency' = '5 s' before this statement
-- Mini-batch turned on with a size but no latency: Flink 2.3.0 refuses the aggregation ("MiniBatch Latency must be
-- greater than 0 ms.", StreamCommonSubGraphBasedOptimizer). The other half of case 552.
CREATE TABLE page_views (
  user_id STRING,
  page STRING,
  view_time TIMESTAMP(3)
) WITH ('connector' = 'datagen');

SET 'table.exec.mini-batch.enabled' = 'true';
SET 'table.exec.mini-batch.size' = '1000';

SELECT page, COUNT(*) AS hits
FROM page_views
GROUP BY page;
