-- expect: WARN stateful-without-ttl
-- expect-fix: a STATE_TTL hint does not reach the aggregation Flink builds for the EXCEPT, on any SELECT
-- expect-fix-absent: STATE_TTL('shop_orders'
-- Flink's plan test SetOperatorsTest#testMinusRightIsEmpty: the query after EXCEPT reads nothing (WHERE 1=0), so Flink
-- plans the aggregation that removes the duplicates of shop_orders alone. The guard's fix offered "for this
-- aggregation alone /*+ STATE_TTL('shop_orders' = '1 d') */ on its SELECT": no SELECT writes that aggregation, and
-- Flink's compiled plan keeps a TTL of 0 under that hint (the guard's own ttl-hint-ignored says so on it; issue 30 §3,
-- a fix that does not do what it says).
CREATE TABLE shop_orders (
  order_id STRING,
  amount DECIMAL(10, 2)
) WITH ('connector' = 'datagen');

CREATE TABLE refunds (
  order_id STRING,
  reason STRING
) WITH ('connector' = 'datagen');

SELECT order_id FROM shop_orders
EXCEPT
SELECT order_id FROM refunds WHERE 1 = 0;
