-- expect: OK
-- expect-absent: stateful-without-ttl
-- Two datagen tables with 'number-of-rows' joined into a sink: both bounded (DataGenTableSource's provider says so),
-- so the job ends after 1000 payments and 30 currencies. Neither the join nor anything after it is reported.
CREATE TABLE payments (payment_id STRING, currency_code STRING, amount DOUBLE)
WITH ('connector' = 'datagen', 'number-of-rows' = '1000');

CREATE TABLE currencies (currency_code STRING, rate DOUBLE)
WITH ('connector' = 'datagen', 'number-of-rows' = '30');

CREATE TABLE payments_eur (payment_id STRING, amount_eur DOUBLE) WITH ('connector' = 'blackhole');

INSERT INTO payments_eur
SELECT payments.payment_id, payments.amount * currencies.rate
FROM payments
JOIN currencies ON payments.currency_code = currencies.currency_code;
