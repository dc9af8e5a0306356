-- expect: WARN stateful-without-ttl
-- expect-fix: emitted once, when its interval has passed without one (no payments row within the bound), not at once and retracted when its match arrives
-- expect-fix-absent: FOR SYSTEM_TIME AS OF
-- Orders without a payment, written as a LEFT JOIN with WHERE p.order_id IS NULL: Flink plans a regular LEFT join
-- under a filter, which emits an order at once and retracts it when its payment arrives. A lookup or temporal join
-- reads payments once, as of the order's time, and an order whose payment comes later would stay in the result
-- for good: neither is offered (round 54's new user: both were). The interval join is, with what it changes: an
-- order is emitted once its interval has passed without a payment.
CREATE TABLE orders (
  order_id STRING,
  amount DOUBLE,
  order_ts TIMESTAMP(3),
  proc AS PROCTIME(),
  WATERMARK FOR order_ts AS order_ts - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE payments (
  order_id STRING,
  paid DOUBLE,
  pay_ts TIMESTAMP(3),
  WATERMARK FOR pay_ts AS pay_ts - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT o.order_id, o.amount
FROM orders o LEFT JOIN payments p ON o.order_id = p.order_id
WHERE p.order_id IS NULL;
