-- expect: BLOCK on-conflict-required
-- expect-reason: the statement's INNER JOIN on l.sku = p.sku loses it: the join of o and l, keyed by order_lines' PRIMARY KEY (order_id, line_no), is joined on l.sku, which none of its keys holds
-- expect-reason-absent: JOIN on o.order_id = s.order_id loses it
-- expect-fix: Where a join of the cascade loses the key, as the statement's INNER JOIN on l.sku = p.sku does (the reason says why), no join above it has a key to keep
-- A cascade of three joins of CDC tables that each declare a key, into a sink keyed by order_id and line_no: the join of
-- the orders and their lines keeps the lines' key (order_id, line_no), the join on the lines' sku with the products
-- (keyed by sku) drops it, and the join with the shipments (keyed by order_id) above it has no key left to keep. Flink
-- 2.3.0 keeps an input's key through a join only where it holds the input's join columns (FlinkRelMdUpsertKeys
-- #filterKeys), which (order_id, line_no) does not hold sku, and the products' key keys the rows only where the lines
-- are unique on sku, which they are not. Before: the reason named the top join, o.order_id = s.order_id, which has no
-- key left to lose; it now names the middle one, l.sku = p.sku, where the key is lost (lint case 43 is the two-join
-- shape, where the top join is the one).
-- The fix names the same join (before: the general "a join on an aggregated value" sentence), and that no column
-- selected gives the rows a key past it: ON CONFLICT DO DEDUPLICATE is the fix (round 70).
CREATE TABLE orders (order_id BIGINT, customer STRING, PRIMARY KEY (order_id) NOT ENFORCED) WITH (
  'connector' = 'filesystem',
  'path' = 'file:///tmp/sql-guard-case-1131-orders',
  'format' = 'debezium-json'
);

CREATE TABLE order_lines (order_id BIGINT, line_no INT, sku STRING, PRIMARY KEY (order_id, line_no) NOT ENFORCED) WITH (
  'connector' = 'filesystem',
  'path' = 'file:///tmp/sql-guard-case-1131-lines',
  'format' = 'debezium-json'
);

CREATE TABLE products (sku STRING, title STRING, PRIMARY KEY (sku) NOT ENFORCED) WITH (
  'connector' = 'filesystem',
  'path' = 'file:///tmp/sql-guard-case-1131-products',
  'format' = 'debezium-json'
);

CREATE TABLE shipments (order_id BIGINT, carrier STRING, PRIMARY KEY (order_id) NOT ENFORCED) WITH (
  'connector' = 'filesystem',
  'path' = 'file:///tmp/sql-guard-case-1131-shipments',
  'format' = 'debezium-json'
);

CREATE TABLE line_shipments (order_id BIGINT, line_no INT, title STRING, carrier STRING,
  PRIMARY KEY (order_id, line_no) NOT ENFORCED) WITH ('connector' = 'blackhole');

SET 'table.exec.state.ttl' = '1 d';

INSERT INTO line_shipments
SELECT o.order_id, l.line_no, p.title, s.carrier
FROM orders o
JOIN order_lines l ON o.order_id = l.order_id
JOIN products p ON l.sku = p.sku
JOIN shipments s ON o.order_id = s.order_id;
