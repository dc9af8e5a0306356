-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- Orders and payments matched by order id, each kept when the other never comes (FULL OUTER JOIN), with no time
-- attribute. Flink writes an outer row's count of matches again each time the other side matches it, and a FULL
-- join's both sides are outer: the hint's changes: line says that a row expires the TTL after it was stored or
-- last matched, not that a row is forgotten while the other side keeps matching it.
CREATE TABLE shop_orders (
  order_id STRING,
  customer STRING,
  amount DECIMAL(10, 2)
) WITH ('connector' = 'datagen');

CREATE TABLE shop_payments (
  order_id STRING,
  pay_method STRING,
  paid DECIMAL(10, 2)
) WITH ('connector' = 'datagen');

SELECT COALESCE(o.order_id, p.order_id) AS order_id, o.customer, o.amount, p.pay_method, p.paid
FROM shop_orders AS o
FULL OUTER JOIN shop_payments AS p ON o.order_id = p.order_id;
