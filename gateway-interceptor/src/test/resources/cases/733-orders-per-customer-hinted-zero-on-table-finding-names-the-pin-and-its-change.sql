-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-reason: a STATE_TTL hint pins its state to never expire (STATE_TTL('orders' = '0')
-- expect-fix: STATE_TTL('orders' = '1 d')
-- expect-fix-absent: Set a state TTL longer than a key
-- Orders per customer, an aggregation the user pinned with STATE_TTL('orders' = '0'), with no session TTL. The
-- finding said "the state TTL is 0" and offered only SET 'table.exec.state.ttl' = '1 d', which does not reach an
-- operator a hint names; the compiled plan under a TTL (the planning compiles the statement once more where a hint is
-- there) keeps this aggregation at 0 ms: the user's pin. The finding names the pin as the cause, its fix is the hint's
-- value, and the state-ttl-hint rewrite's changes: line leads with the pin it replaces.
CREATE TABLE orders (order_id STRING, customer_id STRING, amount DECIMAL(10, 2)) WITH ('connector' = 'datagen');

SELECT /*+ STATE_TTL('orders' = '0') */ customer_id, COUNT(*) AS orders_placed, SUM(amount) AS spent
FROM orders
GROUP BY customer_id;
