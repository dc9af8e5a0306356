-- expect: WARN stateful-without-ttl
-- expect-absent: on-conflict-required
-- ON CONFLICT DO ERROR under a session TTL of a century: the sink's upsert materializer gets 36500 d, above
-- sql-guard.max-state-ttl (365 d), which never expires in practice. A STATE_TTL hint bounds the aggregation
-- (1 d): only the sink is reported, and its fix says that only table.exec.state.ttl reaches the materializer.
SET 'table.exec.state.ttl' = '36500 d';

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
SELECT /*+ STATE_TTL('orders' = '1 d') */ user_id, category, SUM(amount) AS total
FROM orders
GROUP BY user_id, category
ON CONFLICT DO ERROR;
