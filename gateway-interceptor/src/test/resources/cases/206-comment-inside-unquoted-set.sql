-- expect: BLOCK unquoted-set-after-comment
-- expect-rewrite: quoted-set
-- A comment inside the unquoted SET, between SET and its key: refused as case 36.
CREATE TABLE clicks (
  user_id STRING,
  url STRING,
  click_time TIMESTAMP(3),
  WATERMARK FOR click_time AS click_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '5', 'fields.user_id.length' = '3');

SET /* job name */ pipeline.name = clicks-per-user;
