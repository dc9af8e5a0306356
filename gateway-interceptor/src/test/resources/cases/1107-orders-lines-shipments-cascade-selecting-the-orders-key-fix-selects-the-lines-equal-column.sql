-- expect: BLOCK on-conflict-required
-- expect-rewrite: join-equal-column
-- expect-reason: keeps order_lines's PRIMARY KEY (order_id, line_no), but the query selects o.order_id, not l.order_id
-- expect-reason-absent: loses it
-- expect-fix: Select l.order_id in place of o.order_id (equal by the join's condition): the rows then keep order_lines's PRIMARY KEY (order_id, line_no)
-- Case 1064's orders and lines, and each line's shipment (shipments keyed by order_id and line_no, joined on both), a
-- cascade of two joins into a sink keyed by order_id and line_no, selecting the orders' order_id. Flink 2.3.0 keeps the
-- lines' key through the first join (the orders are unique on its column) and through the second (it holds the second
-- join's columns, and the shipments are unique on theirs), but not through the projection, which selects o.order_id:
-- refused with no upsert key. With l.order_id selected it plans with no ON CONFLICT (case 1108, asked of 2.3.0). The
-- fix read one join of two tables only: the reason said "loses it" and no equal-column choice was offered.
CREATE TABLE orders (order_id BIGINT, customer STRING, PRIMARY KEY (order_id) NOT ENFORCED) WITH (
  'connector' = 'filesystem',
  'path' = 'file:///tmp/sql-guard-case-1107-orders',
  'format' = 'debezium-json'
);

CREATE TABLE order_lines (order_id BIGINT, line_no INT, sku STRING, PRIMARY KEY (order_id, line_no) NOT ENFORCED) WITH (
  'connector' = 'filesystem',
  'path' = 'file:///tmp/sql-guard-case-1107-lines',
  'format' = 'debezium-json'
);

CREATE TABLE shipments (order_id BIGINT, line_no INT, carrier STRING, PRIMARY KEY (order_id, line_no) NOT ENFORCED) WITH (
  'connector' = 'filesystem',
  'path' = 'file:///tmp/sql-guard-case-1107-shipments',
  'format' = 'debezium-json'
);

CREATE TABLE shipped_lines (order_id BIGINT, line_no INT, customer STRING, sku STRING, carrier STRING,
  PRIMARY KEY (order_id, line_no) NOT ENFORCED) WITH ('connector' = 'blackhole');

SET 'table.exec.state.ttl' = '1 d';

INSERT INTO shipped_lines
SELECT o.order_id, l.line_no, o.customer, l.sku, s.carrier
FROM orders o
JOIN order_lines l ON o.order_id = l.order_id
JOIN shipments s ON l.order_id = s.order_id AND l.line_no = s.line_no;
