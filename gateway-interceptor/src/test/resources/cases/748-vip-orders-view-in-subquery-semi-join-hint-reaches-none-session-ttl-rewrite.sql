-- expect: WARN stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- expect-reason: right: the IN or EXISTS subquery's side, over vip_customers
-- expect-fix: a STATE_TTL hint does not reach the SEMI join
-- expect-fix-absent: per side in the view
-- Orders of VIP customers, a view whose only join is the SEMI join Flink builds from its IN subquery, read by a
-- statement that filters it, no session TTL. The state-ttl-hint rewrite skips a scope with no block of the finding's
-- kind, and a view with an IN subquery has no SqlJoin: it is skipped. That is right here, as the plan says: a STATE_TTL
-- hint reaches no SEMI join (case 414: its compiled plan keeps 0 ms under a hint on either SELECT), so no hint in the
-- view could be proven; the fix says so, and the rewrite shown is the session's TTL, which reaches it.
CREATE TABLE orders (order_id STRING, customer_id STRING, amount DECIMAL(10, 2)) WITH ('connector' = 'datagen');

CREATE TABLE vip_customers (customer_id STRING, tier STRING) WITH ('connector' = 'datagen');

CREATE TEMPORARY VIEW vip_orders AS
SELECT order_id, customer_id, amount
FROM orders
WHERE customer_id IN (SELECT customer_id FROM vip_customers WHERE tier = 'gold');

SELECT order_id, amount FROM vip_orders WHERE amount > 100;
