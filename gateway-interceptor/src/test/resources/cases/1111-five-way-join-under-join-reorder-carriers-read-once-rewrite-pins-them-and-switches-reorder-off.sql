-- expect: WARN stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- expect-reason: s.carrier_id = c.carrier_id, which the statement joins on, is in no operator of the plan (Flink reordered the joins: table.optimizer.join-reorder-enabled is on)
-- expect-fix: Have Flink join on s.carrier_id = c.carrier_id, which its plan lost: SET 'table.optimizer.join-reorder-enabled' = 'false'
-- Case 1034 with the carriers read once (a filesystem table, a bounded source): the session-state-ttl rewrite pins
-- them with STATE_TTL('c' = '0') on the joining SELECT (ReadOnce), its read-once path, and switches the join reorder
-- off before its TTL as on its other path, so that Flink joins on s.carrier_id = c.carrier_id (issue 30: the same fact
-- on every path).
CREATE TABLE orders (order_id BIGINT, customer_id BIGINT) WITH ('connector' = 'datagen');

CREATE TABLE items (item_order_id BIGINT, sku STRING) WITH ('connector' = 'datagen');

CREATE TABLE payments (paid_order_id BIGINT, paid DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE shipments (shipped_order_id BIGINT, carrier_id BIGINT) WITH ('connector' = 'datagen');

CREATE TABLE carriers (carrier_id BIGINT, carrier_name STRING) WITH (
  'connector' = 'filesystem',
  'path' = 'file:///tmp/sql-guard-case-1111-carriers',
  'format' = 'csv'
);

SET 'table.optimizer.join-reorder-enabled' = 'true';

SELECT *
FROM orders o
JOIN items i ON o.order_id = i.item_order_id
JOIN payments p ON i.item_order_id = p.paid_order_id
LEFT OUTER JOIN shipments s ON o.order_id = s.shipped_order_id
JOIN carriers c ON s.carrier_id = c.carrier_id;
