-- expect: BLOCK unquoted-set-after-comment
-- expect-rewrite: quoted-set
-- RESET has the same unquoted form (ResetOperationParseStrategy) and the same trap: a comment line before it.
SET 'table.exec.state.ttl' = '1 d';

CREATE TABLE clicks (
  user_id STRING,
  url STRING,
  click_time TIMESTAMP(3),
  WATERMARK FOR click_time AS click_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '5', 'fields.user_id.length' = '3');

-- back to the default
RESET table.exec.state.ttl;
