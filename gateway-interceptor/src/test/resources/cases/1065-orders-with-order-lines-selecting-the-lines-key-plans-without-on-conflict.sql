-- expect: OK
-- expect-absent: on-conflict-required
-- Case 1064's fix applied: l.order_id selected in place of o.order_id. Flink 2.3.0 derives the lines' key
-- (order_id, line_no) for the join's rows and plans the INSERT into the sink keyed by it with no ON CONFLICT.
CREATE TABLE orders (order_id BIGINT, customer STRING, PRIMARY KEY (order_id) NOT ENFORCED) WITH (
  'connector' = 'filesystem',
  'path' = 'file:///tmp/sql-guard-case-1065-orders',
  'format' = 'debezium-json'
);

CREATE TABLE order_lines (order_id BIGINT, line_no INT, sku STRING, PRIMARY KEY (order_id, line_no) NOT ENFORCED) WITH (
  'connector' = 'filesystem',
  'path' = 'file:///tmp/sql-guard-case-1065-lines',
  'format' = 'debezium-json'
);

CREATE TABLE customer_lines (order_id BIGINT, line_no INT, customer STRING, sku STRING,
  PRIMARY KEY (order_id, line_no) NOT ENFORCED) WITH ('connector' = 'blackhole');

SET 'table.exec.state.ttl' = '1 d';

INSERT INTO customer_lines
SELECT l.order_id, l.line_no, o.customer, l.sku
FROM orders o
JOIN order_lines l ON o.order_id = l.order_id;
