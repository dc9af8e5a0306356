-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- A STATE_TTL hint of '0' on the aggregation of a view, read through a second view, under a session TTL of 1 d:
-- the hint sits on the aggregation's own block, so it reaches it (compiled plan: groupAggregateState 0 ms), and
-- the view carrying it is not refused.
SET 'table.exec.state.ttl' = '1 d';

CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  pt AS PROCTIME()
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TEMPORARY VIEW totals AS
SELECT /*+ STATE_TTL('orders' = '0') */ user_id, SUM(amount) AS total FROM orders GROUP BY user_id;

CREATE TEMPORARY VIEW big_totals AS SELECT user_id, total FROM totals WHERE total > 1000;

SELECT user_id, total FROM big_totals;
