-- expect: BLOCK on-conflict-required
-- expect-rewrite: on-conflict
-- expect-reason: the query aggregates over a CUMULATE window TVF (GROUP BY window_start, window_end)
-- expect-reason-absent: only inside
-- expect-fix: ON CONFLICT DO DEDUPLICATE: over inserts Flink plans no upsert materializer for it and keeps no state
-- expect-fix-absent: Group by what the query writes
-- The day's page views and visitors so far per behavior, every ten minutes (a CUMULATE window TVF aggregation), written
-- into a jdbc table keyed by (cal_day, behavior): each step's row is meant to overwrite the day's row. Before: the
-- reason said the projection drops window_start into DATE_FORMAT, and the fix said "Group by what the query writes,
-- GROUP BY behavior, DATE_FORMAT(window_start, ...)", which makes it a regular aggregation over the TVF's rows whose
-- state never frees, while Flink 2.3 derives no upsert key for any window TVF aggregation (lint case 50).
CREATE TABLE user_log (
  user_id STRING,
  behavior STRING,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH ('connector' = 'kafka', 'topic' = 'user-log', 'properties.bootstrap.servers' = 'kafka:9092', 'format' = 'json');

CREATE TABLE pv_uv (
  cal_day STRING,
  behavior STRING,
  end_time STRING,
  pv BIGINT,
  uv BIGINT,
  PRIMARY KEY (cal_day, behavior) NOT ENFORCED
) WITH ('connector' = 'jdbc', 'url' = 'jdbc:mysql://mysql:3306/report', 'table-name' = 'pv_uv');

INSERT INTO pv_uv
SELECT DATE_FORMAT(window_start, 'yyyy-MM-dd') AS cal_day, behavior, DATE_FORMAT(window_end, 'HH:mm:ss') AS end_time,
       COUNT(user_id) AS pv, COUNT(DISTINCT user_id) AS uv
FROM TABLE(CUMULATE(TABLE user_log, DESCRIPTOR(ts), INTERVAL '10' MINUTE, INTERVAL '1' DAY))
GROUP BY window_start, window_end, behavior;
