-- expect: BLOCK on-conflict-required
-- expect-rewrite: on-conflict
-- A LEFT JOIN of two tables without primary keys has no upsert key at all (Flink 2.3 lists none: "upsert key: ."),
-- and its result updates (a payment that arrives turns the order's NULL row into a paid one), so it cannot
-- be written into a sink keyed by payment_id without an ON CONFLICT clause: Flink 2.3 refuses it.
SET 'table.exec.state.ttl' = '1 d';

CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE payments (
  payment_id STRING,
  order_id STRING,
  paid DOUBLE,
  pay_time TIMESTAMP(3),
  WATERMARK FOR pay_time AS pay_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE order_payments (
  order_id STRING,
  payment_id STRING,
  paid DOUBLE,
  PRIMARY KEY (payment_id) NOT ENFORCED
) WITH ('connector' = 'blackhole');

INSERT INTO order_payments
SELECT o.order_id, p.payment_id, p.paid
FROM orders o LEFT JOIN payments p ON o.order_id = p.order_id;
