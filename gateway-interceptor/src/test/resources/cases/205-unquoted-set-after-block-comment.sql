-- expect: BLOCK unquoted-set-after-comment
-- expect-rewrite: quoted-set
-- A block comment before an unquoted SET in the same statement: Flink's extended parser does not match, its SQL
-- parser refuses the unquoted key ("SQL parse failed. Encountered \"table\""). The fix quotes key and value.
CREATE TABLE clicks (
  user_id STRING,
  url STRING,
  click_time TIMESTAMP(3),
  WATERMARK FOR click_time AS click_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '5', 'fields.user_id.length' = '3');

/* one day is enough for a click session */ SET table.exec.state.ttl = '1 d';
