-- expect: WARN ttl-not-a-table-option
-- expect-reason: 'state.ttl', in the table's WITH clause, is not a table option: state TTL is a job setting
-- expect-reason-absent: in a WITH
-- A kafka table declared with 'state.ttl' (newuser, round 66): the reason names where the key is written, the table's
-- WITH clause, in words (it read "'state.ttl' in a WITH is not a table option").
CREATE TABLE user_events (
  user_id STRING,
  event_time TIMESTAMP(3),
  WATERMARK FOR event_time AS event_time - INTERVAL '5' SECOND
) WITH (
  'connector' = 'kafka',
  'topic' = 'user-events',
  'properties.bootstrap.servers' = 'localhost:9092',
  'format' = 'json',
  'state.ttl' = '24 h'
);
