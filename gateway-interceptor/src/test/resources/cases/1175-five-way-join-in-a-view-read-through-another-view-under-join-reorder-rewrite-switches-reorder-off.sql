-- expect: WARN stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- expect-reason: s.carrier_id = c.carrier_id, which the view shipped_orders joins on, is in no operator of the plan (Flink reordered the joins: table.optimizer.join-reorder-enabled is on)
-- Case 1034's joins written in a view, shipped_orders, which the statement reads through another view, carrier_orders.
-- Every table is unbounded (datagen): no side is read once, and the session-state-ttl rewrite is the statement as it is
-- after its SETs. Flink 2.3.0 with join reorder on plans the view's last join with where=[true] and applies
-- s.carrier_id = c.carrier_id nowhere, as in case 1034. Before: the rewrite read the lost condition from the
-- statement's joins, and from a view's text only where it pinned a side in it: here from none, so it wrote the TTL alone
-- and proved a plan that still joins every carrier with every row. It now reads the conditions of the views' joins
-- from the plan (ExplainedPlan#viewJoinConditions, every level), as the rule does, and switches the reorder off first.
CREATE TABLE orders (order_id BIGINT, customer_id BIGINT) WITH ('connector' = 'datagen');

CREATE TABLE items (item_order_id BIGINT, sku STRING) WITH ('connector' = 'datagen');

CREATE TABLE payments (paid_order_id BIGINT, paid DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE shipments (shipped_order_id BIGINT, carrier_id BIGINT) WITH ('connector' = 'datagen');

CREATE TABLE carriers (carrier_id BIGINT, carrier_name STRING) WITH ('connector' = 'datagen');

CREATE TEMPORARY VIEW shipped_orders AS
SELECT o.order_id, i.sku, p.paid, c.carrier_name
FROM orders o
JOIN items i ON o.order_id = i.item_order_id
JOIN payments p ON i.item_order_id = p.paid_order_id
LEFT OUTER JOIN shipments s ON o.order_id = s.shipped_order_id
JOIN carriers c ON s.carrier_id = c.carrier_id;

CREATE TEMPORARY VIEW carrier_orders AS
SELECT order_id, sku, paid, carrier_name FROM shipped_orders;

SET 'table.optimizer.join-reorder-enabled' = 'true';

SELECT * FROM carrier_orders;
