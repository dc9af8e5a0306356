-- expect: WARN stateful-without-ttl
-- expect-absent: on-conflict-required
-- expect-rewrite: window-aggregate
-- expect-fix: GROUP BY window_start, window_end, date_str over TABLE(CUMULATE(TABLE user_behavior, DESCRIPTOR(ts), INTERVAL '1' HOUR, INTERVAL '1' DAY))
-- expect-changes: ON CONFLICT DO DEDUPLICATE, as Flink 2.3 refuses a window aggregation into cumulative_uv, keyed by date_str, time_str, without an ON CONFLICT clause
-- Flink's own SQL demo's cumulative unique visitors of each day (case 1155's shape) into the demo's own Elasticsearch
-- sink, keyed by (date_str, time_str), which takes upserts. Before: the fix named the day's CUMULATE and TUMBLE but the
-- only rewrite was the session TTL, because Flink 2.3 refused the window rewrite into that sink ("The query has an upsert
-- key that differs from the primary key": it derives no upsert key for a window TVF aggregation, FLIP-558), where
-- into case 1155's blackhole sink it plans. The rewrite now ends with ON CONFLICT DO DEDUPLICATE there, which over the
-- window's insert-only rows plans no upsert materializer (FlinkChangelogModeInferenceProgram): the latest row of a sink
-- key wins, as the sink's upserts did. Flink 1.20 has no such check (skipped there).
CREATE TABLE user_behavior (
  user_id BIGINT,
  item_id BIGINT,
  category_id BIGINT,
  behavior STRING,
  ts TIMESTAMP(3),
  proctime AS PROCTIME(),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH (
  'connector' = 'kafka',
  'topic' = 'user_behavior',
  'scan.startup.mode' = 'earliest-offset',
  'properties.bootstrap.servers' = 'kafka:9094',
  'format' = 'json'
);

CREATE TABLE cumulative_uv (
  date_str STRING,
  time_str STRING,
  uv BIGINT,
  PRIMARY KEY (date_str, time_str) NOT ENFORCED
) WITH (
  'connector' = 'elasticsearch-7',
  'hosts' = 'http://elasticsearch:9200',
  'index' = 'cumulative_uv'
);

INSERT INTO cumulative_uv
SELECT date_str, MAX(time_str), COUNT(DISTINCT user_id) AS uv
FROM (
  SELECT
    DATE_FORMAT(ts, 'yyyy-MM-dd') AS date_str,
    SUBSTR(DATE_FORMAT(ts, 'HH:mm'), 1, 4) || '0' AS time_str,
    user_id
  FROM user_behavior)
GROUP BY date_str;
