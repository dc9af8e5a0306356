-- expect: BLOCK unbounded-rank dedup-not-recognized
-- expect-rewrite: time-attribute-order
-- expect-fix-absent: `
-- expect-reason-absent: `
-- The latest payment per account by a timestamp that is no time attribute, in a view read through a second
-- view. Flink keeps a view's query with every identifier in back-ticks; what the findings and rewrites say of
-- it names the columns and the views as the user wrote them, without back-ticks where none is needed.
CREATE TABLE payments (
  account_id STRING,
  amount DECIMAL(10, 2),
  paid_at TIMESTAMP(3),
  received AS PROCTIME()
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.account_id.length' = '2');

CREATE TEMPORARY VIEW last_payment AS
SELECT account_id, amount, paid_at
FROM (
  SELECT account_id, amount, paid_at,
         ROW_NUMBER() OVER (PARTITION BY account_id ORDER BY paid_at DESC) AS pos
  FROM payments
)
WHERE pos = 1;

CREATE TEMPORARY VIEW large_last_payment AS
SELECT account_id, amount FROM last_payment WHERE amount > 1000;

SELECT account_id, amount FROM large_last_payment;
