-- expect: OK
-- Case 185 with a clause instead: ON CONFLICT DO NOTHING keeps the first row per user_id. Flink 2.3 plans
-- Sink(upsertMaterialize=[true], conflictStrategy=[NOTHING]); it needs a WATERMARK on every source table
-- (orders has one) and keeps the materializer's state under the session TTL (1 d here).
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
GROUP BY user_id, category
ON CONFLICT DO NOTHING;
