-- expect: BLOCK on-conflict-required
-- expect-fix-absent: in place of o.order_id
-- expect-reason-absent: keeps order_lines's PRIMARY KEY
-- Case 1064 as a LEFT JOIN: an order without lines is written with l.order_id null, so l.order_id is no stand-in for
-- o.order_id, and Flink keeps neither key alone through an outer join that pads the lines' side (only both keys
-- together: FlinkRelMdUniqueKeys#getJoinUniqueKeys). Neither the reason nor the fix offers the lines' column.
CREATE TABLE orders (order_id BIGINT, customer STRING, PRIMARY KEY (order_id) NOT ENFORCED) WITH (
  'connector' = 'filesystem',
  'path' = 'file:///tmp/sql-guard-case-1069-orders',
  'format' = 'debezium-json'
);

CREATE TABLE order_lines (order_id BIGINT, line_no INT, sku STRING, PRIMARY KEY (order_id, line_no) NOT ENFORCED) WITH (
  'connector' = 'filesystem',
  'path' = 'file:///tmp/sql-guard-case-1069-lines',
  'format' = 'debezium-json'
);

CREATE TABLE customer_lines (order_id BIGINT, line_no INT, customer STRING, sku STRING,
  PRIMARY KEY (order_id, line_no) NOT ENFORCED) WITH ('connector' = 'blackhole');

SET 'table.exec.state.ttl' = '1 d';

INSERT INTO customer_lines
SELECT o.order_id, l.line_no, o.customer, l.sku
FROM orders o
LEFT JOIN order_lines l ON o.order_id = l.order_id;
