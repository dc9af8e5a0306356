-- expect: WARN ttl-hint-ignored
-- expect-rewrite: hint-moved
-- expect-absent: stateful-without-ttl
-- One STATE_TTL hint naming the left input twice: Flink keeps the last value ('3 d' on the join's left state)
-- and drops the first without a word. The guard says the first is superseded.
-- The rewrite (hint-moved) removes the superseded option, keeping what Flink applies: nothing changes in meaning.
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

SELECT /*+ STATE_TTL('o' = '2 d', 'o' = '3 d') */ o.order_id, u.name
FROM orders o
JOIN users u ON o.user_id = u.user_id;
