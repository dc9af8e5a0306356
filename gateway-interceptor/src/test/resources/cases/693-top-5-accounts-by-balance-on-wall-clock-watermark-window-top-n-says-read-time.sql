-- expect: BLOCK unbounded-rank
-- expect-rewrite: window-top-n
-- The five biggest balances, over a table whose event time is the wall clock at read (ts AS NOW() with a WATERMARK
-- on it, as aiven-examples' flink-security-lab declares its Kafka source). The window-top-n rewrite's changes: said
-- that a row arriving after the watermark passed its window is dropped: no row is late on read time, and a replay
-- puts every old row in the current window (golden 693).
CREATE TABLE accounts (
  account_id STRING,
  region STRING,
  balance DECIMAL(12, 2),
  ts AS NOW(),
  WATERMARK FOR ts AS ts
) WITH ('connector' = 'datagen');

SELECT account_id, region, balance FROM (
  SELECT account_id, region, balance,
         ROW_NUMBER() OVER (PARTITION BY region ORDER BY balance DESC) AS rn
  FROM accounts)
WHERE rn <= 5;
