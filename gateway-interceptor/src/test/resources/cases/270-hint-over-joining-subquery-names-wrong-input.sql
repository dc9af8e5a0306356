-- expect: BLOCK ttl-hint-ignored
-- A hint on a SELECT over a subquery that joins: its inputs are the subquery 't', not the tables inside it.
-- Flink names 'orders' as the key it cannot match; the guard names the same key (not 't', which matches).
SET 'table.exec.state.ttl' = '1 d';

CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3)
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE users (
  user_id STRING,
  name STRING
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT /*+ STATE_TTL('t' = '2 d', 'orders' = '3 d') */ t.user_id, COUNT(*) AS n
FROM (SELECT o.user_id FROM orders o JOIN users u ON o.user_id = u.user_id) t
GROUP BY t.user_id;
