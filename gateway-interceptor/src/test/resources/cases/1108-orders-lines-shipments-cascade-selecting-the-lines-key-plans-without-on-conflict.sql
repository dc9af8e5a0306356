-- expect: OK
-- expect-absent: on-conflict-required
-- Case 1107's fix applied: l.order_id selected in place of o.order_id. Flink 2.3.0 keeps the lines' key (order_id,
-- line_no) through both joins and the projection and plans the INSERT into the sink keyed by it with no ON CONFLICT.
CREATE TABLE orders (order_id BIGINT, customer STRING, PRIMARY KEY (order_id) NOT ENFORCED) WITH (
  'connector' = 'filesystem',
  'path' = 'file:///tmp/sql-guard-case-1108-orders',
  'format' = 'debezium-json'
);

CREATE TABLE order_lines (order_id BIGINT, line_no INT, sku STRING, PRIMARY KEY (order_id, line_no) NOT ENFORCED) WITH (
  'connector' = 'filesystem',
  'path' = 'file:///tmp/sql-guard-case-1108-lines',
  'format' = 'debezium-json'
);

CREATE TABLE shipments (order_id BIGINT, line_no INT, carrier STRING, PRIMARY KEY (order_id, line_no) NOT ENFORCED) WITH (
  'connector' = 'filesystem',
  'path' = 'file:///tmp/sql-guard-case-1108-shipments',
  'format' = 'debezium-json'
);

CREATE TABLE shipped_lines (order_id BIGINT, line_no INT, customer STRING, sku STRING, carrier STRING,
  PRIMARY KEY (order_id, line_no) NOT ENFORCED) WITH ('connector' = 'blackhole');

SET 'table.exec.state.ttl' = '1 d';

INSERT INTO shipped_lines
SELECT l.order_id, l.line_no, o.customer, l.sku, s.carrier
FROM orders o
JOIN order_lines l ON o.order_id = l.order_id
JOIN shipments s ON l.order_id = s.order_id AND l.line_no = s.line_no;
