-- expect: BLOCK on-conflict-required
-- expect-rewrite: on-conflict
-- A composite primary key (region, user_id) that does not contain the query's key (user_id, category): the
-- region is a constant, so every category of a user lands on one sink row. Flink 2.3 refuses it: "Primary key:
-- [region, user_id], upsert key: [user_id, category]".
SET 'table.exec.state.ttl' = '1 d';

CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  category STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE regional_totals (
  region STRING,
  user_id STRING,
  category STRING,
  total DOUBLE,
  PRIMARY KEY (region, user_id) NOT ENFORCED
) WITH ('connector' = 'blackhole');

INSERT INTO regional_totals
SELECT 'eu' AS region, user_id, category, SUM(amount) AS total
FROM orders
GROUP BY user_id, category;
