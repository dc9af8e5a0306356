-- expect: WARN ttl-expires-read-once-side
-- expect-absent: stateful-without-ttl
-- expect-reason: its state for that side expires after 1 d (the session's table.exec.state.ttl, Flink's compiled plan)
-- expect-fix: pin the side read once (cur) on the join's SELECT: /*+ STATE_TTL('cur' = '0') */ ('0' never expires, and a hint's value precedes table.exec.state.ttl for the input it names; the inputs it does not name keep table.exec.state.ttl)
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
