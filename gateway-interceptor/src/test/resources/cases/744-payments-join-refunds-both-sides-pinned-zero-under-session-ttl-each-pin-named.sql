-- expect: WARN stateful-without-ttl
-- expect-reason: a STATE_TTL hint pins both sides' state to never expire (STATE_TTL('p' = '0', 'r' = '0'), the user's choice
-- expect-fix: Give both sides, which the hint pins (STATE_TTL('p' = '0', 'r' = '0')), a TTL
-- expect-fix: /*+ STATE_TTL('p' = '1 d', 'r' = '1 d') */
-- expect-fix-absent: or change only the pin
-- Payments joined with refunds, both sides pinned by STATE_TTL('p' = '0', 'r' = '0') under a session TTL of 12 h: the
-- compiled plan alone tells both pins (both states at 0 ms where the session gives 12 h). The finding said "the state
-- TTL is 0 ... both sides' state grows forever" and offered the SET the session already has; it now names each pin.
CREATE TABLE payments (payment_id STRING, order_id STRING, amount DECIMAL(10, 2)) WITH ('connector' = 'datagen');

CREATE TABLE refunds (order_id STRING, reason STRING) WITH ('connector' = 'datagen');

SET 'table.exec.state.ttl' = '12 h';

SELECT /*+ STATE_TTL('p' = '0', 'r' = '0') */ p.payment_id, p.amount, r.reason
FROM payments p
JOIN refunds r ON p.order_id = r.order_id;
