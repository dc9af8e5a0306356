-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- CREATE TABLE ... AS SELECT with a STATE_TTL hint of '0' under a session TTL of 1 d: the CTAS's aggregation
-- keeps its state forever.
SET 'table.exec.state.ttl' = '1 d';

CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  pt AS PROCTIME()
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE user_totals WITH ('connector' = 'blackhole') AS
SELECT /*+ STATE_TTL('orders' = '0') */ user_id, SUM(amount) AS total FROM orders GROUP BY user_id;
