-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- A RIGHT join written into a sink: every order, with its refund where one came. The right side (orders) is the
-- outer one, its rows written again with their count of matches each time a refund matches them; the left side's
-- (refunds) rows are only read by a match. The changes: line of a TTL rewrite names the sides the other way round
-- from a LEFT join: a left row is forgotten while right rows keep matching it.
CREATE TABLE refunds (
  order_id STRING,
  refunded DECIMAL(10, 2)
) WITH ('connector' = 'datagen');

CREATE TABLE web_orders (
  order_id STRING,
  amount DECIMAL(10, 2)
) WITH ('connector' = 'datagen');

CREATE TABLE orders_with_refunds (
  order_id STRING,
  amount DECIMAL(10, 2),
  refunded DECIMAL(10, 2)
) WITH ('connector' = 'blackhole');

INSERT INTO orders_with_refunds
SELECT o.order_id, o.amount, r.refunded
FROM refunds AS r
RIGHT JOIN web_orders AS o ON r.order_id = o.order_id;
