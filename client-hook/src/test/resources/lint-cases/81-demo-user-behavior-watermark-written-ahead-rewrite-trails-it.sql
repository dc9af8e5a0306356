-- expect: WARN watermark-ahead-of-event-time
-- expect-rewrite: watermark-trailing
-- expect-fix: WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
-- Flink's own SQL demo's user_behavior table (lint cases 79, 80) with its watermark written ahead of the event time,
-- ts + INTERVAL '5' SECOND, where the demo writes ts - INTERVAL '5' SECOND (issue 30 §2: a configuration finding's fix
-- as a rewrite). The rewrite is the Kafka table's DDL as written, its strategy made ts - INTERVAL '5' SECOND; Flink
-- resolves the watermark of the rewritten table before it is shown. Before: the fix alone.
CREATE TABLE user_behavior (
  user_id BIGINT,
  item_id BIGINT,
  category_id BIGINT,
  behavior STRING,
  ts TIMESTAMP(3),
  proctime AS PROCTIME(),
  WATERMARK FOR ts AS ts + INTERVAL '5' SECOND
) WITH (
  'connector' = 'kafka',
  'topic' = 'user_behavior',
  'scan.startup.mode' = 'earliest-offset',
  'properties.bootstrap.servers' = 'kafka:9094',
  'format' = 'json'
);
