-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-fix: Replace the pin on the streaming side (payments: STATE_TTL('p' = '0')): bound the streaming side's state (p) with a TTL longer than a row must wait for its match, on the join's SELECT: /*+ STATE_TTL('p' = '1 d', 'cur' = '0') */, leaving the side read once (cur) pinned at '0'
-- expect-fix-absent: 'cur' = '1 d'
-- Payments joined with currencies read once from CSV files, the user's hint pinning both sides at '0'. The pin on
-- the payments makes their state grow; the pin on the currencies is what the rows read once need. The fix gave
-- both sides '1 d'; it replaces the payments' pin alone, as the rewrite does (golden 815).
CREATE TABLE payments (payment_id STRING, currency_code STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE currencies (currency_code STRING, rate DOUBLE)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-815', 'format' = 'csv');

SELECT /*+ STATE_TTL('p' = '0', 'cur' = '0') */ p.payment_id, p.amount * cur.rate AS amount_eur
FROM payments p
JOIN currencies cur ON p.currency_code = cur.currency_code;
