-- expect: BLOCK on-conflict-required
-- expect-rewrite: join-equal-column
-- expect-reason: keeps order_lines's PRIMARY KEY (order_id, line), but the query selects o.order_id, not l.order_id
-- expect-fix: Select l.order_id in place of o.order_id (equal by the join's condition)
-- Case 1064 with the lines read through a subquery that filters them and renames line_no to line: the subquery keeps
-- the lines' key under the names it selects (order_id, line), Flink 2.3.0 keeps it through the join (the orders are
-- unique on its column), and the projection drops it by selecting o.order_id: refused with no upsert key. With
-- l.order_id selected it plans with no ON CONFLICT (case 1110, asked of 2.3.0). The fix read tables only: a subquery
-- input got the general "the INNER JOIN loses it" and no equal-column choice.
CREATE TABLE orders (order_id BIGINT, customer STRING, PRIMARY KEY (order_id) NOT ENFORCED) WITH (
  'connector' = 'filesystem',
  'path' = 'file:///tmp/sql-guard-case-1109-orders',
  'format' = 'debezium-json'
);

CREATE TABLE order_lines (order_id BIGINT, line_no INT, sku STRING, PRIMARY KEY (order_id, line_no) NOT ENFORCED) WITH (
  'connector' = 'filesystem',
  'path' = 'file:///tmp/sql-guard-case-1109-lines',
  'format' = 'debezium-json'
);

CREATE TABLE customer_lines (order_id BIGINT, line_no INT, customer STRING, sku STRING,
  PRIMARY KEY (order_id, line_no) NOT ENFORCED) WITH ('connector' = 'blackhole');

SET 'table.exec.state.ttl' = '1 d';

INSERT INTO customer_lines
SELECT o.order_id, l.line, o.customer, l.sku
FROM orders o
JOIN (SELECT order_id, line_no AS line, sku FROM order_lines WHERE sku <> '') AS l ON o.order_id = l.order_id;
