-- expect: WARN stateful-without-ttl ttl-expires-read-once-side
-- expect-reason: its state for that side expires after 12 h (the STATE_TTL hint's 'c' = '12 h', Flink's compiled plan)
-- expect-fix: drop 'c' from the hint, and bound the streaming side's state (o) with a TTL longer than a row must wait for its match, on the join's SELECT: /*+ STATE_TTL('o' = '1 d') */
-- expect-fix: Bound the streaming side's state (o) with a TTL longer than a row must wait for its match, on the join's SELECT: /*+ STATE_TTL('o' = '1 d') */, leaving the side read once (c) out of the hint
-- expect-fix-absent: /*+ STATE_TTL('o' = '1 d', 'c' = '12 h') */
-- The hint bounds the wrong side: the customers, read once from CSV files, expire after 12 hours, while the orders'
-- state, which grows, never expires. Both are said: stateful-without-ttl for the orders' side, and this rule for the
-- customers', whose fix hints the orders alone (the TTL a fix proposes, as the orders have none).
CREATE TABLE orders (order_id STRING, customer_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE customers (customer_id STRING, name STRING, country STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-796', 'format' = 'csv');

SELECT /*+ STATE_TTL('c' = '12 h') */ o.order_id, c.name, o.amount
FROM orders o
JOIN customers c ON o.customer_id = c.customer_id;
