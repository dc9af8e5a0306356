-- expect: BLOCK on-conflict-required
-- expect-rewrite: join-equal-column
-- expect-reason: keeps order_lines's PRIMARY KEY (order_id, line_no), but the query selects o.order_id, not l.order_id
-- expect-fix: Select l.order_id in place of o.order_id (equal by the join's condition)
-- Case 1132 with the lines read through a WITH item over the view: shipped_lines projects and filters open_lines, which
-- filters order_lines. Flink inlines the item and expands the view, keeps the lines' key (order_id, line_no) through
-- both and through the join, and the projection drops it by selecting o.order_id: refused with no upsert key. Before:
-- the rule read no INSERT whose query is a WITH, so the reason was the general "the INNER JOIN loses it" and neither the
-- fix nor the join-equal-column rewrite was offered; it now reads a WITH item as it reads a view.
CREATE TABLE orders (order_id BIGINT, customer STRING, PRIMARY KEY (order_id) NOT ENFORCED) WITH (
  'connector' = 'filesystem',
  'path' = 'file:///tmp/sql-guard-case-1174-orders',
  'format' = 'debezium-json'
);

CREATE TABLE order_lines (order_id BIGINT, line_no INT, sku STRING, PRIMARY KEY (order_id, line_no) NOT ENFORCED) WITH (
  'connector' = 'filesystem',
  'path' = 'file:///tmp/sql-guard-case-1174-lines',
  'format' = 'debezium-json'
);

CREATE TEMPORARY VIEW open_lines AS
SELECT order_id, line_no, sku FROM order_lines WHERE sku <> '';

CREATE TABLE customer_lines (order_id BIGINT, line_no INT, customer STRING, sku STRING,
  PRIMARY KEY (order_id, line_no) NOT ENFORCED) WITH ('connector' = 'blackhole');

SET 'table.exec.state.ttl' = '1 d';

INSERT INTO customer_lines
WITH shipped_lines AS (
  SELECT order_id, line_no, sku FROM open_lines WHERE sku <> 'none'
)
SELECT o.order_id, l.line_no, o.customer, l.sku
FROM orders o
JOIN shipped_lines l ON o.order_id = l.order_id;
