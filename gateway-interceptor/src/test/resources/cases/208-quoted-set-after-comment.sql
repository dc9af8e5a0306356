-- expect: OK
-- expect-absent: unquoted-set-after-comment planner-error
-- The quoted SET after a comment is read by Flink's SQL parser, comments or not, and applied: no finding.
CREATE TABLE clicks (
  user_id STRING,
  url STRING,
  click_time TIMESTAMP(3),
  WATERMARK FOR click_time AS click_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '5', 'fields.user_id.length' = '3');

-- set the state TTL
SET 'table.exec.state.ttl' = '1 d';
