-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-reason: the right side (currencies) is a bounded source, read once
-- expect-fix: /*+ STATE_TTL('p' = '1 d') */, leaving the side read once (cur) out of the hint
-- A datagen table with 'number-of-rows' is a bounded source (DataGenTableSource: a bounded SourceFunctionProvider):
-- its 30 currencies are generated once. Payments stream in and are converted by the currency they name.
CREATE TABLE payments (payment_id STRING, currency_code STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE currencies (currency_code STRING, rate DOUBLE)
WITH ('connector' = 'datagen', 'number-of-rows' = '30');

SELECT p.payment_id, p.amount * cur.rate AS amount_eur
FROM payments p
JOIN currencies cur ON p.currency_code = cur.currency_code;
