-- expect: WARN global-rank
-- expect-absent: unbounded-rank
-- Shared case 40 written with ROW_NUMBER(): a Rank with partitionBy=[] over an append-only stream
-- (AppendFastStrategy) keeps at most 5 rows, as the SortLimit of ORDER BY ... LIMIT 5 does: its state cannot
-- grow, so the same verdict, global-rank alone.
CREATE TABLE payments (
  payment_id STRING,
  account_id STRING,
  amount DECIMAL(12, 2),
  paid_at TIMESTAMP(3),
  WATERMARK FOR paid_at AS paid_at - INTERVAL '2' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '20');

SELECT payment_id, account_id, amount
FROM (
  SELECT payment_id, account_id, amount,
         ROW_NUMBER() OVER (ORDER BY amount DESC) AS rn
  FROM payments
)
WHERE rn <= 5;
