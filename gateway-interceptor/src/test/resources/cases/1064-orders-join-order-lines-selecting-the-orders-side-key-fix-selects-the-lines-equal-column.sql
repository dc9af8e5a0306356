-- expect: BLOCK on-conflict-required
-- expect-rewrite: join-equal-column
-- expect-reason: the statement's INNER JOIN on o.order_id = l.order_id keeps order_lines's PRIMARY KEY (order_id, line_no), but the query selects o.order_id, not l.order_id
-- expect-reason-absent: loses it
-- expect-fix: Select l.order_id in place of o.order_id (equal by the join's condition): the rows then keep order_lines's PRIMARY KEY (order_id, line_no), and the sink keyed by the columns they are written to; then no clause is needed
-- expect-fix-absent: a join on an aggregated value
-- Flink's JoinTest#testJoinUpsertKeyEnrichmentInnerJoinBasic shape (FLINK-38753) in the words of orders: each order
-- joined with its lines (orders keyed by order_id, lines by order_id and line_no), into a sink keyed by order_id and
-- line_no, selecting the orders' order_id. Flink 2.3.0 keeps the lines' key through the join (the orders are unique
-- on the join's column) but not through the projection, which selects o.order_id: it does not take it for the equal
-- l.order_id. With l.order_id selected it plans with no ON CONFLICT (asked of 2.3.0). The reason said "the INNER JOIN
-- loses it" and the fix offered no such choice.
CREATE TABLE orders (order_id BIGINT, customer STRING, PRIMARY KEY (order_id) NOT ENFORCED) WITH (
  'connector' = 'filesystem',
  'path' = 'file:///tmp/sql-guard-case-1064-orders',
  'format' = 'debezium-json'
);

CREATE TABLE order_lines (order_id BIGINT, line_no INT, sku STRING, PRIMARY KEY (order_id, line_no) NOT ENFORCED) WITH (
  'connector' = 'filesystem',
  'path' = 'file:///tmp/sql-guard-case-1064-lines',
  'format' = 'debezium-json'
);

CREATE TABLE customer_lines (order_id BIGINT, line_no INT, customer STRING, sku STRING,
  PRIMARY KEY (order_id, line_no) NOT ENFORCED) WITH ('connector' = 'blackhole');

SET 'table.exec.state.ttl' = '1 d';

INSERT INTO customer_lines
SELECT o.order_id, l.line_no, o.customer, l.sku
FROM orders o
JOIN order_lines l ON o.order_id = l.order_id;
