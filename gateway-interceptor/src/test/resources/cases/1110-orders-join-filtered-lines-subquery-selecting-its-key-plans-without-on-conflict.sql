-- expect: OK
-- expect-absent: on-conflict-required
-- Case 1109's fix applied: l.order_id selected in place of o.order_id. Flink 2.3.0 keeps the key the subquery keeps
-- of the lines, (order_id, line), through the join and the projection, and plans the INSERT with no ON CONFLICT.
CREATE TABLE orders (order_id BIGINT, customer STRING, PRIMARY KEY (order_id) NOT ENFORCED) WITH (
  'connector' = 'filesystem',
  'path' = 'file:///tmp/sql-guard-case-1110-orders',
  'format' = 'debezium-json'
);

CREATE TABLE order_lines (order_id BIGINT, line_no INT, sku STRING, PRIMARY KEY (order_id, line_no) NOT ENFORCED) WITH (
  'connector' = 'filesystem',
  'path' = 'file:///tmp/sql-guard-case-1110-lines',
  'format' = 'debezium-json'
);

CREATE TABLE customer_lines (order_id BIGINT, line_no INT, customer STRING, sku STRING,
  PRIMARY KEY (order_id, line_no) NOT ENFORCED) WITH ('connector' = 'blackhole');

SET 'table.exec.state.ttl' = '1 d';

INSERT INTO customer_lines
SELECT l.order_id, l.line, o.customer, l.sku
FROM orders o
JOIN (SELECT order_id, line_no AS line, sku FROM order_lines WHERE sku <> '') AS l ON o.order_id = l.order_id;
