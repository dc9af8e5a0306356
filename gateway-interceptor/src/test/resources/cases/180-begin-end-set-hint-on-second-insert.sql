-- expect: WARN stateful-without-ttl
-- The same, sent statement by statement (BEGIN STATEMENT SET; ... END;), the hint on the second INSERT.
SET 'table.exec.state.ttl' = '1 d';

CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  pt AS PROCTIME()
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE user_counts (user_id STRING, orders_count BIGINT) WITH ('connector' = 'blackhole');

CREATE TABLE user_totals (user_id STRING, total DOUBLE) WITH ('connector' = 'blackhole');

BEGIN STATEMENT SET;

INSERT INTO user_counts SELECT user_id, COUNT(*) FROM orders GROUP BY user_id;

INSERT INTO user_totals SELECT /*+ STATE_TTL('orders' = '0') */ user_id, SUM(amount) FROM orders GROUP BY user_id;

END;
