-- expect: BLOCK on-conflict-required
-- expect-rewrite: on-conflict
-- The query is keyed by (user_id, category), its GROUP BY; the sink keeps one row per user_id, so the totals of
-- a user's categories overwrite each other. Flink 2.3 refuses it: "Primary key: [user_id], upsert key:
-- [user_id, category]". The fix keys the sink by both columns (case 187).
SET 'table.exec.state.ttl' = '1 d';

CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  category STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.user_id.length' = '3');

CREATE TABLE user_totals (
  user_id STRING,
  category STRING,
  total DOUBLE,
  PRIMARY KEY (user_id) NOT ENFORCED
) WITH ('connector' = 'blackhole');

INSERT INTO user_totals
SELECT user_id, category, SUM(amount) AS total
FROM orders
GROUP BY user_id, category;
