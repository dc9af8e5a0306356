-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- A regular join under a session TTL of 1 d, with a STATE_TTL hint that gives the orders side '0': the join's
-- left state never expires (compiled plan: leftState 0 ms, rightState 1 d).
SET 'table.exec.state.ttl' = '1 d';

CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  pt AS PROCTIME()
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE users (user_id STRING, country STRING) WITH ('connector' = 'datagen', 'rows-per-second' = '1');

SELECT /*+ STATE_TTL('o' = '0', 'u' = '1 d') */ o.order_id, u.country, o.amount
FROM orders o JOIN users u ON o.user_id = u.user_id;
