-- expect: WARN stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- Orders never refunded (NOT EXISTS over refunds, SemiAntiJoinTest's shape with tables of our own): a regular ANTI
-- join. Under the TTL the rewrite sets, a refund is forgotten the TTL after it was stored, and an order of that key
-- arriving later no longer finds it: the changes: line says that order is emitted as never refunded (issue 30 §1:
-- before, it said only that the order "no longer finds it").
CREATE TABLE shop_orders (
  order_id STRING,
  amount DECIMAL(10, 2)
) WITH ('connector' = 'datagen');

CREATE TABLE refunds (
  order_id STRING,
  reason STRING
) WITH ('connector' = 'datagen');

CREATE TABLE unrefunded (
  order_id STRING,
  amount DECIMAL(10, 2)
) WITH ('connector' = 'blackhole');

INSERT INTO unrefunded
SELECT o.order_id, o.amount
FROM shop_orders AS o
WHERE NOT EXISTS (SELECT 1 FROM refunds AS r WHERE r.order_id = o.order_id);
