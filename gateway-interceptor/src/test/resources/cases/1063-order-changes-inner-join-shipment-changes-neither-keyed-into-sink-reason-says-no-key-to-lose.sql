-- expect: BLOCK on-conflict-required
-- expect-reason: the statement's INNER JOIN on o.order_id = s.order_id AND s.shipped_amount > o.amount joins order_changes and shipment_changes, neither of which declares a PRIMARY KEY: neither input has a unique key, so the join's rows have none to lose
-- expect-reason-absent: loses it
-- expect-fix: Neither order_changes nor shipment_changes declares a PRIMARY KEY: where each one's rows are unique on columns that hold its join columns (order_id of order_changes, order_id of shipment_changes), declare them its PRIMARY KEY (NOT ENFORCED)
-- expect-fix-absent: a join on an aggregated value
-- Flink's DeltaJoinTest shape (testWithNonEquiCondition1: an equality and a non-equi condition) over two CDC tables
-- that declare no key, into a sink keyed by order_id. The reason said "the INNER JOIN loses it: a join keeps a key
-- only where its inputs have one", where neither input had one to lose, and the fix spoke of a join on an aggregated
-- value; it now says neither input has a unique key and what key would give the join one.
CREATE TABLE order_changes (order_id BIGINT, customer STRING, amount DOUBLE) WITH (
  'connector' = 'filesystem',
  'path' = 'file:///tmp/sql-guard-case-1063-orders',
  'format' = 'debezium-json'
);

CREATE TABLE shipment_changes (order_id BIGINT, carrier STRING, shipped_amount DOUBLE) WITH (
  'connector' = 'filesystem',
  'path' = 'file:///tmp/sql-guard-case-1063-shipments',
  'format' = 'debezium-json'
);

CREATE TABLE shipped_orders (order_id BIGINT, customer STRING, carrier STRING, PRIMARY KEY (order_id) NOT ENFORCED)
WITH ('connector' = 'blackhole');

SET 'table.exec.state.ttl' = '1 d';

INSERT INTO shipped_orders
SELECT o.order_id, o.customer, s.carrier
FROM order_changes AS o
INNER JOIN shipment_changes AS s ON o.order_id = s.order_id AND s.shipped_amount > o.amount;
