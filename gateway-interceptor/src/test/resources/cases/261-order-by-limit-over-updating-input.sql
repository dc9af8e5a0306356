-- expect: BLOCK unbounded-rank rank-retract global-rank stateful-without-ttl
-- ORDER BY ... LIMIT over an updating input (a SUM per account): the SortLimit runs with RetractStrategy,
-- which keeps every input row of its one partition to be able to retract it: its state grows with the
-- accounts, as the ROW_NUMBER() form's (case 13) does. Same verdict as that form.
CREATE TABLE payments (
  payment_id STRING,
  account_id STRING,
  amount DECIMAL(12, 2),
  paid_at TIMESTAMP(3),
  WATERMARK FOR paid_at AS paid_at - INTERVAL '2' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '20');

SELECT account_id, total
FROM (SELECT account_id, SUM(amount) AS total FROM payments GROUP BY account_id)
ORDER BY total DESC
LIMIT 5;
