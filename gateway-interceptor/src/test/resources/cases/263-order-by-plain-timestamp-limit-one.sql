-- expect: WARN global-rank
-- expect-absent: unbounded-rank dedup-not-recognized
-- The latest payment overall, ORDER BY a timestamp that is not a time attribute LIMIT 1: a SortLimit keeping
-- one row, never a Deduplicate whatever the column (ORDER BY ... LIMIT is not a ROW_NUMBER() filter).
CREATE TABLE payments (
  payment_id STRING,
  account_id STRING,
  amount DECIMAL(12, 2),
  paid_at TIMESTAMP(3)
) WITH ('connector' = 'datagen', 'rows-per-second' = '20');

SELECT payment_id, amount
FROM payments
ORDER BY paid_at DESC
LIMIT 1;
