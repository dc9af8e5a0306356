-- expect: WARN ttl-expires-read-once-side
-- expect-absent: stateful-without-ttl
-- expect-reason: is a regular INNER join whose right side (customers) is a bounded source, read once, and its state for that side expires after 1 d (the STATE_TTL hint's 'c' = '1 d', Flink's compiled plan): those rows never come again, so a row kept that long since it was read is gone for good
-- expect-reason: it drops those rows, silently
-- expect-fix: Give the side read once (c) no TTL
-- expect-fix: drop 'c' from the hint, and bound the streaming side's state (o) with a TTL longer than a row must wait for its match, on the join's SELECT: /*+ STATE_TTL('o' = '1 d') */
-- The state-ttl-hint rewrite as it was before the guard knew a side read once, written by hand: both sides get 1 d.
-- The customers come from CSV files read once, so a day after they were read the join matches no order with them,
-- and nothing said so (no finding at all: both sides' state expires).
CREATE TABLE orders (order_id STRING, customer_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE customers (customer_id STRING, name STRING, country STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-795', 'format' = 'csv');

SELECT /*+ STATE_TTL('o' = '1 d', 'c' = '1 d') */ o.order_id, c.name, o.amount
FROM orders o
JOIN customers c ON o.customer_id = c.customer_id;
