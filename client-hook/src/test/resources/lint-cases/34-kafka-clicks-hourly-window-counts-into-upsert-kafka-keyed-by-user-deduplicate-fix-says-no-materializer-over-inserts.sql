-- expect: BLOCK on-conflict-required
-- expect-rewrite: on-conflict
-- expect-fix: ON CONFLICT DO DEDUPLICATE: over inserts Flink plans no upsert materializer for it and keeps no state
-- expect-fix-absent: wins, and the sink's upsert materializer keeps the history
-- expect-fix-absent: keeps the history
-- Clicks counted per user and hour (a TUMBLE window aggregation over an append-only kafka topic: each window's row is
-- an insert, emitted once the watermark passes its end) written into an upsert-kafka topic keyed by user_id alone:
-- Flink 2.3 names no upsert key (upsert key: .: it derives none for a window TVF aggregation, lint case 50) and refuses the INSERT without ON
-- CONFLICT. Flink refused it, so the rule has no plan: before, its fix said ON CONFLICT DO DEDUPLICATE "keeps the
-- history of each primary key's rows in state", which holds over updates only, while the proven rewrite's changes:
-- line under it said Flink plans no materializer (the rows are inserts only). The fix now says which holds where, and never contradicts that line;
-- for a window TVF aggregation it says the rows are inserts and DO DEDUPLICATE keeps no state (round 67).
CREATE TABLE clicks (
  user_id STRING,
  url STRING,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH ('connector' = 'kafka', 'topic' = 'clicks', 'properties.bootstrap.servers' = 'kafka:9092', 'format' = 'json');

CREATE TABLE hourly_clicks_per_user (
  user_id STRING,
  window_start TIMESTAMP(3),
  clicks BIGINT,
  PRIMARY KEY (user_id) NOT ENFORCED
) WITH ('connector' = 'upsert-kafka', 'topic' = 'hourly-clicks', 'properties.bootstrap.servers' = 'kafka:9092',
        'key.format' = 'json', 'value.format' = 'json');

INSERT INTO hourly_clicks_per_user
SELECT user_id, window_start, COUNT(*) AS clicks
FROM TABLE(TUMBLE(TABLE clicks, DESCRIPTOR(ts), INTERVAL '1' HOUR))
GROUP BY user_id, window_start, window_end;
