-- expect: BLOCK unbounded-rank proctime-top-n
-- expect-reason: This Top-1 ordered by pt DESC, amount DESC ranks the rows by amount DESC alone per user_id
-- expect-fix: Where the latest row by arrival is meant, keep one row with ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY pt DESC) = 1
-- The latest order per user by arrival, ties broken by the largest amount: with a second key, Flink plans no
-- Deduplicate (one time-attribute key only) but a Rank, whose rows tie on pt: the largest amount per user. Run on Flink
-- 2.3.0 and 1.20.0: ROW_NUMBER() OVER (PARTITION BY k ORDER BY pt DESC, v DESC) = 1 was updated to the largest v per k.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  pt AS PROCTIME()
) WITH ('connector' = 'datagen');

SELECT order_id, user_id, amount FROM (
  SELECT order_id, user_id, amount, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY pt DESC, amount DESC) AS rn FROM orders)
WHERE rn = 1;
