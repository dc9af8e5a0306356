-- expect: BLOCK on-conflict-required
-- expect-rewrite: join-equal-column
-- expect-reason: keeps order_lines's PRIMARY KEY (id, line), but the query selects o.order_id, not l.id
-- expect-fix: Select l.id in place of o.order_id (equal by the join's condition)
-- Case 1174 with the WITH item naming its columns by a column list: lines (id, line, sku) renames the lines' key
-- (order_id, line_no) to (id, line). Flink names an item's columns by its list, position by position
-- (SqlValidatorImpl), inlines the item, keeps the lines' key through it and through the join, and the projection drops
-- it by selecting o.order_id: refused with no upsert key. Before: JoinOutputKeys read no item with a column list, so the
-- reason was the general "the INNER JOIN loses it" and neither the fix nor the join-equal-column rewrite was offered
-- (closing-r70 "Left (concrete): Join keys"); it now reads the item's key under the list's names (round 71).
CREATE TABLE orders (order_id BIGINT, customer STRING, PRIMARY KEY (order_id) NOT ENFORCED) WITH (
  'connector' = 'filesystem',
  'path' = 'file:///tmp/sql-guard-case-1166-orders',
  'format' = 'debezium-json'
);

CREATE TABLE order_lines (order_id BIGINT, line_no INT, sku STRING, PRIMARY KEY (order_id, line_no) NOT ENFORCED) WITH (
  'connector' = 'filesystem',
  'path' = 'file:///tmp/sql-guard-case-1166-lines',
  'format' = 'debezium-json'
);

CREATE TABLE customer_lines (order_id BIGINT, line_no INT, customer STRING, sku STRING,
  PRIMARY KEY (order_id, line_no) NOT ENFORCED) WITH ('connector' = 'blackhole');

SET 'table.exec.state.ttl' = '1 d';

INSERT INTO customer_lines
WITH lines (id, line, sku) AS (
  SELECT order_id, line_no, sku FROM order_lines WHERE sku <> ''
)
SELECT o.order_id, l.line, o.customer, l.sku
FROM orders o
JOIN lines l ON o.order_id = l.id;
