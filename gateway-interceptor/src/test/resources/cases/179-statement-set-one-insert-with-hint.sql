-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- A statement set of two aggregations under a session TTL of 1 d; only the first carries a STATE_TTL hint of
-- '0': its GroupAggregate keeps state forever, the other's expires after 1 d.
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

EXECUTE STATEMENT SET
BEGIN
  INSERT INTO user_counts SELECT /*+ STATE_TTL('orders' = '0') */ user_id, COUNT(*) FROM orders GROUP BY user_id;
  INSERT INTO user_totals SELECT user_id, SUM(amount) FROM orders GROUP BY user_id;
END;
