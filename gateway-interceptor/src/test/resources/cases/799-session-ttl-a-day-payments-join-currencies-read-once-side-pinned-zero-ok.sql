-- expect: OK
-- expect-absent: ttl-expires-read-once-side stateful-without-ttl
-- Case 797 with its fix applied: the session's TTL bounds the payments, and the hint of '0' keeps the 30 currencies,
-- read once, for good (Flink's compiled plan: rightState 0). Neither rule reports it: the state that never expires
-- is the side read once, which holds the rows read and no more.
SET 'table.exec.state.ttl' = '1 d';

CREATE TABLE payments (payment_id STRING, currency_code STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE currencies (currency_code STRING, rate DOUBLE)
WITH ('connector' = 'datagen', 'number-of-rows' = '30');

SELECT /*+ STATE_TTL('cur' = '0') */ p.payment_id, p.amount * cur.rate AS amount_eur
FROM payments p
JOIN currencies cur ON p.currency_code = cur.currency_code;
