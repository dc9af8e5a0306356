-- expect: WARN ttl-not-a-table-option
-- expect-rewrite: ttl-as-job-setting
-- The script sets the session's state TTL (24 h), then a table carries 'state.ttl' = '1h' in its WITH clause,
-- which Flink does not read as a table option. The rewrite takes the key out of the WITH clause and writes no
-- SET: a SET of '1h' there would replace the 24 h the user set for every later statement of the session (lint
-- --fix wrote both SETs, the second silently winning). Its changes: line says the session's 24 h stays and how
-- a query would give the table's readers 1 h.
SET 'table.exec.state.ttl' = '24 h';

CREATE TABLE clicks (
  user_id STRING,
  url STRING,
  click_time TIMESTAMP(3),
  WATERMARK FOR click_time AS click_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'state.ttl' = '1h');
