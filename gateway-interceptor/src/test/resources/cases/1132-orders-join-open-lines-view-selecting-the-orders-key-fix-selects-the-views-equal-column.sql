-- expect: BLOCK on-conflict-required
-- expect-rewrite: join-equal-column
-- expect-reason: keeps order_lines's PRIMARY KEY (order_id, line_no), but the query selects o.order_id, not l.order_id
-- expect-fix: Select l.order_id in place of o.order_id (equal by the join's condition)
-- Case 1109 with the lines read through a view the session defines, which filters them: Flink expands the view into the
-- statement's plan, keeps the lines' key (order_id, line_no) through it and through the join (the orders are unique on
-- its column), and the projection drops it by selecting o.order_id: refused with no upsert key. With l.order_id
-- selected it plans with no ON CONFLICT (case 1133, asked of 2.3.0). Before: a join input that is a view was not read
-- (the rules' context had no view text): the reason was the general "the INNER JOIN loses it", and neither the fix nor
-- the join-equal-column rewrite offered the equal column. The rule now reads the view's expanded query from the
-- session's catalog, the rewrite the view's query.
CREATE TABLE orders (order_id BIGINT, customer STRING, PRIMARY KEY (order_id) NOT ENFORCED) WITH (
  'connector' = 'filesystem',
  'path' = 'file:///tmp/sql-guard-case-1132-orders',
  'format' = 'debezium-json'
);

CREATE TABLE order_lines (order_id BIGINT, line_no INT, sku STRING, PRIMARY KEY (order_id, line_no) NOT ENFORCED) WITH (
  'connector' = 'filesystem',
  'path' = 'file:///tmp/sql-guard-case-1132-lines',
  'format' = 'debezium-json'
);

CREATE TEMPORARY VIEW open_lines AS
SELECT order_id, line_no, sku FROM order_lines WHERE sku <> '';

CREATE TABLE customer_lines (order_id BIGINT, line_no INT, customer STRING, sku STRING,
  PRIMARY KEY (order_id, line_no) NOT ENFORCED) WITH ('connector' = 'blackhole');

SET 'table.exec.state.ttl' = '1 d';

INSERT INTO customer_lines
SELECT o.order_id, l.line_no, o.customer, l.sku
FROM orders o
JOIN open_lines l ON o.order_id = l.order_id;
