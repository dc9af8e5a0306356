-- expect: WARN global-rank proctime-top-n
-- expect-reason: This ORDER BY proc_time DESC LIMIT 1 reads as the latest row to arrive, but Flink keeps the first row to arrive and never changes it
-- expect-fix: keep one row with ROW_NUMBER() OVER (ORDER BY proc_time DESC) = 1, which Flink plans as a Deduplicate that keeps the last row to arrive.
-- The "current" order as ORDER BY proc_time DESC LIMIT 1: a SortLimit, not a Deduplicate (Flink plans one for a
-- ROW_NUMBER() Top-1 only). Run on Flink 2.3.0 and 1.20.0: ORDER BY pt DESC LIMIT 1 over 20 rows emitted +I[1] and
-- nothing after, while ROW_NUMBER() OVER (ORDER BY pt DESC) = 1 replaced its row 19 times (+U[20] last).
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  proc_time AS PROCTIME()
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT order_id, user_id, amount
FROM orders
ORDER BY proc_time DESC
LIMIT 1;
