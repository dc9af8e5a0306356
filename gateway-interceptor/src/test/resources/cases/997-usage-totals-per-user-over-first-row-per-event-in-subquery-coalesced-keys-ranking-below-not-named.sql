-- expect: BLOCK on-conflict-required
-- expect-reason: the query groups by user_id, product_id, feature_id, the upsert key of its aggregation
-- expect-reason-absent: the statement's ranking PARTITION BY event_id loses it
-- expect-fix: Group by what the query writes, GROUP BY COALESCE(user_id, 'UNKNOWN')
-- expect-fix-absent: The query keeps one row per partition already
-- expect-fix-absent: PRIMARY KEY (event_id)
-- jbcodeforce/flink-studies code/flink-sql/14-rehydration/classical-rehydration/cc/dml.rehydrate_usage.sql
-- (Confluent Cloud), with the WITH query written as a subquery: the latest row per event_id by its event time, then
-- usage totals per user, product and feature, each written through COALESCE into a sink keyed by the three. Before:
-- the reason named the ranking PARTITION BY event_id and the fix keyed the sink by event_id, which is not written.
CREATE TABLE usage_events (
  user_key STRING,
  product_id STRING,
  feature_id STRING,
  event_id STRING,
  usage_count BIGINT,
  event_ts TIMESTAMP_LTZ(3),
  WATERMARK FOR event_ts AS event_ts - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE user_usage_summary (
  user_id STRING NOT NULL,
  product_id STRING NOT NULL,
  feature_id STRING NOT NULL,
  total_usage BIGINT,
  last_event_time TIMESTAMP_LTZ(3),
  PRIMARY KEY (user_id, product_id, feature_id) NOT ENFORCED
) WITH ('connector' = 'blackhole');

INSERT INTO user_usage_summary
SELECT
    coalesce(user_id, 'UNKNOWN') AS user_id,
    coalesce(product_id, 'UNKNOWN') AS product_id,
    coalesce(feature_id, 'UNKNOWN') AS feature_id,
    SUM(usage_count) AS total_usage,
    MAX(event_ts) AS last_event_time
FROM (
    SELECT user_key AS user_id, product_id, feature_id, usage_count, event_ts
    FROM (
        SELECT *, ROW_NUMBER() OVER (PARTITION BY event_id ORDER BY event_ts DESC) AS row_num
        FROM usage_events
    )
    WHERE row_num = 1
) AS deduped_events
GROUP BY user_id, product_id, feature_id;
