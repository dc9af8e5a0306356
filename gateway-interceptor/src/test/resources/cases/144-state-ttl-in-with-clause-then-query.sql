-- expect: BLOCK ttl-not-a-table-option
-- expect-rewrite: ttl-as-job-setting
-- 'state.ttl' in the WITH clause: the DDL is only warned, the first query on the table is refused
-- by datagen with 'Unsupported options found', under 'Unable to create a source for reading table'.
CREATE TABLE clicks (
  user_id STRING,
  url STRING,
  click_time TIMESTAMP(3),
  WATERMARK FOR click_time AS click_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'state.ttl' = '24 h');

SELECT user_id, COUNT(*) AS clicks FROM clicks GROUP BY user_id;
