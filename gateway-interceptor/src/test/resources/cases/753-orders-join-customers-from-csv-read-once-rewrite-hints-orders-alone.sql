-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-reason: so the left side's state (orders) grows forever; the right side (customers) is a bounded source, read once: its state holds the rows read, no more
-- expect-fix: Bound the streaming side's state (o) with a TTL longer than a row must wait for its match, on the join's SELECT: /*+ STATE_TTL('o' = '1 d') */, leaving the side read once (c) out of the hint
-- expect-fix: (SET 'table.exec.state.ttl' = '1 d' alone would expire them too)
-- expect-fix-absent: /*+ STATE_TTL('o' = '1 d', 'c' = '1 d') */
-- expect-reason-absent: both sides' state grows forever
-- Paimon's quick-start shape: a stream of orders enriched with customers from CSV files, a filesystem table with no
-- 'source.monitor-interval': Flink reads its files once and the source ends (its planner translates the scan as a
-- BOUNDED source). The rewrite gave both sides 1 d, after which the join matched no order with a customer: the
-- customers are never read again. The finding says which side is read once, its fix and the state-ttl-hint rewrite
-- bound the orders' side alone, and the SET is said to expire the customers too.
CREATE TABLE orders (order_id STRING, customer_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE customers (customer_id STRING, name STRING, country STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-753', 'format' = 'csv');

SELECT o.order_id, c.name, o.amount
FROM orders o
JOIN customers c ON o.customer_id = c.customer_id;
