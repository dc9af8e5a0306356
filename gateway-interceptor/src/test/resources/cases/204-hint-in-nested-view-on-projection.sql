-- expect: WARN ttl-hint-ignored
-- A hint on a plain filter in one view, read through a second view by an INSERT into a blackhole table. The
-- aggregation in the second view runs under the session TTL (1 d); nothing gets the first view's 12 h.
SET 'table.exec.state.ttl' = '1 d';

CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  category STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.user_id.length' = '3');

CREATE TEMPORARY VIEW big_orders AS
SELECT /*+ STATE_TTL('orders' = '12 h') */ order_id, user_id, amount FROM orders WHERE amount > 100;

CREATE TEMPORARY VIEW big_order_counts AS
SELECT user_id, COUNT(*) AS big_orders FROM big_orders GROUP BY user_id;

CREATE TABLE report (user_id STRING, big_orders BIGINT) WITH ('connector' = 'blackhole');

INSERT INTO report SELECT user_id, big_orders FROM big_order_counts;
