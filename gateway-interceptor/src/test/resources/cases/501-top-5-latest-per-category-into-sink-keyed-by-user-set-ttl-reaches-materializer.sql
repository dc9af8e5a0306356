-- expect: BLOCK on-conflict-required
-- expect-rewrite: on-conflict
-- The five latest rows per category (ROW_NUMBER() ... ORDER BY ts DESC, rownum < 6, the row number written) into an
-- upsert sink keyed by user_id, as springMoon/sqlSubmit's topn.sql writes it. The on-conflict rewrites leave the Top-N
-- unbounded, so each is proven again with the session TTL set before it; its changes: line said the materializer's
-- state was "under the state no TTL: it grows forever" and, in the same line, that the SET before it gives every
-- stateful operator 1 d (the materializer is one of them: StateMetadata#getStateTtlForOneInputOperator), and its
-- columns: line named Flink's w0$o0 for the row number (issue 30 §1, §3). Golden pins both lines.
CREATE TABLE user_log (
  user_id STRING,
  category_id STRING,
  sales DOUBLE,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts
) WITH ('connector' = 'datagen');

CREATE TABLE user_log_sink (
  user_id STRING,
  category_id STRING,
  sales DOUBLE,
  ts TIMESTAMP(3),
  num BIGINT,
  PRIMARY KEY (user_id) NOT ENFORCED
) WITH ('connector' = 'blackhole');

INSERT INTO user_log_sink
SELECT user_id, category_id, sales, ts, rownum
FROM (
  SELECT user_id, category_id, sales, ts,
    ROW_NUMBER() OVER (PARTITION BY category_id ORDER BY ts DESC) AS rownum
  FROM user_log)
WHERE rownum < 6;
