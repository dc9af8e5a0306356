-- expect: WARN ttl-expires-read-once-side
-- expect-fix: pin the side read once (r) on the join's SELECT: /*+ STATE_TTL('r' = '0') */
-- The session's TTL reaches both sides of a join of payments with exchange rates read once from CSV files, a table
-- declared with a WATERMARK. The fix pins the rates' side with '0'; on Flink 1.20, whose hint matching passes no table
-- declared with a WATERMARK, the fix says to read it through a subquery and name its alias, as the other 1.20 fixes
-- naming such a table do (1.20 golden).
SET 'table.exec.state.ttl' = '1 d';

CREATE TABLE payments (payment_id STRING, currency_code STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE rates (
  currency_code STRING,
  rate DOUBLE,
  valid_from TIMESTAMP(3),
  WATERMARK FOR valid_from AS valid_from
) WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-820', 'format' = 'csv');

SELECT p.payment_id, p.amount * r.rate AS amount_eur
FROM payments p
JOIN rates r ON p.currency_code = r.currency_code;
