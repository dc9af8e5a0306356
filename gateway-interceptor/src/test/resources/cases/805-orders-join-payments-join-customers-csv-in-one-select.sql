-- expect: WARN stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- expect-fix: SET 'table.exec.state.ttl' = '1 d', and pin the side read once (c) on the join's SELECT: /*+ STATE_TTL('c' = '0') */
-- expect-fix-absent: a STATE_TTL hint on the streaming side alone keeps them
-- Three inputs joined in one SELECT, the last read once from CSV files. The outer join's streaming side is the nested
-- join's result, which no hint key on that SELECT names: the fix and the session-state-ttl rewrite write the SET with
-- the customers' side pinned, STATE_TTL('c' = '0'), where the SET alone expired the rows read once (golden 805).
CREATE TABLE orders (order_id STRING, customer_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE payments (order_id STRING, paid DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE customers (customer_id STRING, name STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-805', 'format' = 'csv');

SELECT o.order_id, p.paid, c.name
FROM orders o
JOIN payments p ON o.order_id = p.order_id
JOIN customers c ON o.customer_id = c.customer_id;
