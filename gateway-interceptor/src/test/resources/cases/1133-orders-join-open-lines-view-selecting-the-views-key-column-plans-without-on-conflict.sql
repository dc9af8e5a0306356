-- expect: OK
-- expect-absent: on-conflict-required
-- Case 1132's fix applied: l.order_id, the view's column, selected in place of o.order_id. Flink 2.3.0 keeps the lines'
-- key (order_id, line_no) through the view, the join and the projection and plans the INSERT into the sink keyed by it
-- with no ON CONFLICT.
CREATE TABLE orders (order_id BIGINT, customer STRING, PRIMARY KEY (order_id) NOT ENFORCED) WITH (
  'connector' = 'filesystem',
  'path' = 'file:///tmp/sql-guard-case-1133-orders',
  'format' = 'debezium-json'
);

CREATE TABLE order_lines (order_id BIGINT, line_no INT, sku STRING, PRIMARY KEY (order_id, line_no) NOT ENFORCED) WITH (
  'connector' = 'filesystem',
  'path' = 'file:///tmp/sql-guard-case-1133-lines',
  'format' = 'debezium-json'
);

CREATE TEMPORARY VIEW open_lines AS
SELECT order_id, line_no, sku FROM order_lines WHERE sku <> '';

CREATE TABLE customer_lines (order_id BIGINT, line_no INT, customer STRING, sku STRING,
  PRIMARY KEY (order_id, line_no) NOT ENFORCED) WITH ('connector' = 'blackhole');

SET 'table.exec.state.ttl' = '1 d';

INSERT INTO customer_lines
SELECT l.order_id, l.line_no, o.customer, l.sku
FROM orders o
JOIN open_lines l ON o.order_id = l.order_id;
