-- expect: WARN stateful-without-ttl
-- expect-reason-absent: read once
-- expect-reason: so both sides' state grows forever
-- Both sides read once (CSV files without 'source.monitor-interval', a datagen with 'number-of-rows'): a batch-like
-- job in streaming mode, whose join keeps both sides' rows until the input ends. Said as before; no side is singled
-- out as the streaming one.
CREATE TABLE customers (customer_id STRING, name STRING, currency_code STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-767', 'format' = 'csv');

CREATE TABLE currencies (currency_code STRING, rate DOUBLE)
WITH ('connector' = 'datagen', 'number-of-rows' = '30');

SELECT c.name, cur.rate
FROM customers c
JOIN currencies cur ON c.currency_code = cur.currency_code;
