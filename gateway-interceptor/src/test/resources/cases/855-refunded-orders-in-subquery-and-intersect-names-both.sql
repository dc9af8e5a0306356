-- expect: WARN stateful-without-ttl
-- expect-reason: right: the IN or EXISTS subquery's side (or the query after INTERSECT), over
-- expect-fix: builds from an IN or EXISTS subquery or an INTERSECT, on either SELECT
-- A statement that writes both an IN subquery and an INTERSECT: Flink plans a SEMI join of each, and the guard
-- cannot tell from the statement's text which join is which; each message names both.
CREATE TABLE shop_orders (
  order_id STRING,
  amount DECIMAL(10, 2)
) WITH ('connector' = 'datagen');

CREATE TABLE refunds (
  order_id STRING,
  reason STRING
) WITH ('connector' = 'datagen');

CREATE TABLE shipments (
  order_id STRING,
  carrier STRING
) WITH ('connector' = 'datagen');

SELECT order_id FROM shop_orders WHERE order_id IN (SELECT order_id FROM refunds)
INTERSECT
SELECT order_id FROM shipments;
