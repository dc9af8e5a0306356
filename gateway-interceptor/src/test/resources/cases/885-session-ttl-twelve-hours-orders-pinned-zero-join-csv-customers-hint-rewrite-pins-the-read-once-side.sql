-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-reason: right side (customers) is a bounded source, read once, and its state for that side expires after 12 h
-- The session's TTL is 12 h; the user pinned the orders' side at '0' and left the customers read once from CSV files
-- unnamed, so the session's 12 h expires them. The state-ttl-hint rewrite replaced the orders' pin and left the
-- customers out of the hint, where the session's TTL still reaches them, while its changes: line said they keep every
-- row with no TTL: its proof skipped that side. The proof now checks that the side read once has TTL 0 ms, and the
-- rewrite pins it, STATE_TTL('o' = '1 d', 'c' = '0'), as the ttl-expires-read-once-side fix says (golden 885).
SET 'table.exec.state.ttl' = '12 h';

CREATE TABLE orders (order_id STRING, customer_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE customers (customer_id STRING, name STRING, country STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-885', 'format' = 'csv');

SELECT /*+ STATE_TTL('o' = '0') */ o.order_id, c.name
FROM orders o
JOIN customers c ON o.customer_id = c.customer_id;
