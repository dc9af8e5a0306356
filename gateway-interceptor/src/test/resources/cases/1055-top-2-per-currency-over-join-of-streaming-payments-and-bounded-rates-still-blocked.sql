-- expect: BLOCK unbounded-rank
-- A Top-2 per currency over a join of a streaming table (datagen without 'number-of-rows') with a bounded one (30
-- generated rates): the Rank reads the stream through the join, so new payments keep arriving and the ranking of
-- every currency ever seen stays in state. Only a Rank whose inputs are all bounded is left alone.
CREATE TABLE payments (payment_id STRING, currency_code STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE currencies (currency_code STRING, rate DOUBLE)
WITH ('connector' = 'datagen', 'number-of-rows' = '30');

SELECT payment_id, currency_code, amount_eur
FROM (
  SELECT p.payment_id, p.currency_code, p.amount * cur.rate AS amount_eur,
    ROW_NUMBER() OVER (PARTITION BY p.currency_code ORDER BY p.amount * cur.rate DESC) AS rn
  FROM payments p
  JOIN currencies cur ON p.currency_code = cur.currency_code)
WHERE rn <= 2;
