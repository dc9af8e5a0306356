-- expect: WARN stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- expect-reason: with no condition in Flink's plan (where=[true]), although every join of the statement and of the view shipped_orders it reads has one: s.carrier_id = c.carrier_id, which the view shipped_orders joins on, is in no operator of the plan (Flink reordered the joins: table.optimizer.join-reorder-enabled is on)
-- expect-reason-absent: without an equality key
-- Case 1111's joins written in a view the session defines, which the statement reads: the session-state-ttl rewrite
-- pins the carriers, read once, with STATE_TTL('c' = '0') in the view's joining SELECT and redefines the view (its
-- read-once path through a view, ReadOnce). Flink 2.3.0 with join reorder on plans the view's last join with
-- where=[true] and applies s.carrier_id = c.carrier_id nowhere, as in case 1034. Before: the rewrite read the lost
-- condition from the statement's joins alone and found none: no rewrite was offered, and the fixes said the SET alone
-- (expiring the carriers); it now reads the view's joins too, switches the reorder off before its TTL, is proven so,
-- and the fix its way settles says both SETs. The rule reads the view's joins too, from the view's query as the
-- session's catalog holds it (ViewQueries): its reason names the condition the view joins on that the plan lost, and
-- its own fix (read with rewrites off) has Flink join on it first, as case 1111's (before: "without an equality key:
-- it keeps every row of both inputs", as if the view wrote a cross join, and the SET alone; issue 30: the same fact
-- on every path).
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
