-- expect: WARN global-rank
-- expect-reason: the result is its first row read, and it never changes after it
-- expect-fix: Where the latest row is meant, ROW_NUMBER() OVER (ORDER BY proc_time DESC) filtered to 1
-- expect-fix-absent: Where the latest row is meant, ORDER BY proc_time DESC LIMIT 1
-- expect-fix: Flink runs no window Top-N on processing time
-- The "current" order as ORDER BY proc_time LIMIT 1: ascending by processing time, every later order ranks after the
-- one kept, and Flink's AppendOnlyTopNFunction drops it, so the result is the first order read, forever. Flink plans
-- a SortLimit (one partition, AppendFastStrategy): its state cannot grow, so global-rank is the only finding, and it
-- says what the result is; its fix is the latest row (a Deduplicate, overall or per key; not ORDER BY proc_time DESC LIMIT 1, which keeps the
-- first row too: proctime-top-n, case 708).
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  proc_time AS PROCTIME()
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT order_id, user_id, amount
FROM orders
ORDER BY proc_time
LIMIT 1;
