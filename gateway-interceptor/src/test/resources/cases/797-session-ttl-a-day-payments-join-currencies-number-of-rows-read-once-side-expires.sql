-- expect: WARN ttl-expires-read-once-side
-- expect-absent: stateful-without-ttl
-- expect-reason: its state for that side expires after 1 d (the session's table.exec.state.ttl, Flink's compiled plan)
-- expect-fix: on the join's SELECT: /*+ STATE_TTL('cur' = '0') */ ('0' never expires; the session's table.exec.state.ttl still bounds the other side)
-- The session's TTL reaches both sides of the join; the 30 currencies are generated once ('number-of-rows'), so a
-- day after they were read no payment is converted any more. The fix keeps the session's TTL for the payments and
-- pins the currencies' side with a hint of '0' (case 799 is the fixed form).
SET 'table.exec.state.ttl' = '1 d';

CREATE TABLE payments (payment_id STRING, currency_code STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE currencies (currency_code STRING, rate DOUBLE)
WITH ('connector' = 'datagen', 'number-of-rows' = '30');

SELECT p.payment_id, p.amount * cur.rate AS amount_eur
FROM payments p
JOIN currencies cur ON p.currency_code = cur.currency_code;
