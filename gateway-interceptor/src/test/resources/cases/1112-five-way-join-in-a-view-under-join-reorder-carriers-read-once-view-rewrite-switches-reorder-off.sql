-- expect: WARN stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- Case 1111's joins written in a view the session defines, which the statement reads: the session-state-ttl rewrite
-- pins the carriers, read once, with STATE_TTL('c' = '0') in the view's joining SELECT and redefines the view (its
-- read-once path through a view, ReadOnce). Flink 2.3.0 with join reorder on plans the view's last join with
-- where=[true] and applies s.carrier_id = c.carrier_id nowhere, as in case 1034. Before: the rewrite read the lost
-- condition from the statement's joins alone and found none: no rewrite was offered, and the fixes said the SET alone
-- (expiring the carriers); it now reads the view's joins too, switches the reorder off before its TTL, is proven so,
-- and the fix its way settles says both SETs (its golden file: the rule's own fix, read with rewrites off, says the
-- SET alone; issue 30: the same fact on every path). The rule's reason still reads
-- the statement's joins only (a rule sees no view's text), so it does not name the lost condition.
CREATE TABLE orders (order_id BIGINT, customer_id BIGINT) WITH ('connector' = 'datagen');

CREATE TABLE items (item_order_id BIGINT, sku STRING) WITH ('connector' = 'datagen');

CREATE TABLE payments (paid_order_id BIGINT, paid DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE shipments (shipped_order_id BIGINT, carrier_id BIGINT) WITH ('connector' = 'datagen');

CREATE TABLE carriers (carrier_id BIGINT, carrier_name STRING) WITH (
  'connector' = 'filesystem',
  'path' = 'file:///tmp/sql-guard-case-1112-carriers',
  'format' = 'csv'
);

CREATE TEMPORARY VIEW shipped_orders AS
SELECT o.order_id, i.sku, p.paid, c.carrier_name
FROM orders o
JOIN items i ON o.order_id = i.item_order_id
JOIN payments p ON i.item_order_id = p.paid_order_id
LEFT OUTER JOIN shipments s ON o.order_id = s.shipped_order_id
JOIN carriers c ON s.carrier_id = c.carrier_id;

SET 'table.optimizer.join-reorder-enabled' = 'true';

SELECT * FROM shipped_orders;
