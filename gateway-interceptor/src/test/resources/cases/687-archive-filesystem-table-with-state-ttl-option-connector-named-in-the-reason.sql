-- expect: WARN ttl-not-a-table-option
-- expect-reason: If 'filesystem' validates its options
-- A filesystem table declared with 'table.exec.state.ttl': whether its factory refuses the key is not in the
-- guard's list of connectors read to validate (datagen, blackhole, print), so the finding names the connector and
-- says both outcomes.
CREATE TABLE archive (
  user_id STRING,
  url STRING
) WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/archive', 'format' = 'csv', 'table.exec.state.ttl' = '1 d');
