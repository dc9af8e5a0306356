-- expect: WARN stateful-without-ttl
-- expect-rewrite: window-join
-- Orders LEFT JOINed with payments over the rows of 10-minute HOP windows (5-minute slide) on the order and
-- window_end only, the shape of Flink's WindowJoinTest with the window_start equality left out. A regular Join
-- that keeps every row of both sides forever (and, LEFT, emits an order without payment at once and retracts it
-- when one comes). The window join is offered with L.window_start = R.window_start added: a HOP window's end gives
-- its start, so the matches are the same; its changes: line says the unmatched order is emitted once, when the
-- window closes, and that rows behind the watermark are dropped (issue 30 §1: every change in meaning said).
CREATE TABLE orders (
  order_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE payments (
  order_id STRING,
  paid DOUBLE,
  pay_time TIMESTAMP(3),
  WATERMARK FOR pay_time AS pay_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE order_payments (
  order_id STRING,
  amount DOUBLE,
  paid DOUBLE,
  window_end TIMESTAMP(3)
) WITH ('connector' = 'blackhole');

INSERT INTO order_payments
SELECT o.order_id, o.amount, p.paid, o.window_end
FROM (
  SELECT * FROM TABLE(HOP(TABLE orders, DESCRIPTOR(order_time), INTERVAL '5' MINUTE, INTERVAL '10' MINUTE))
) o
LEFT JOIN (
  SELECT * FROM TABLE(HOP(TABLE payments, DESCRIPTOR(pay_time), INTERVAL '5' MINUTE, INTERVAL '10' MINUTE))
) p
ON o.order_id = p.order_id AND o.window_end = p.window_end;
