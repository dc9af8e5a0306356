-- expect: BLOCK unbounded-rank proctime-top-n
-- expect-reason: This Top-3 ordered by pt DESC reads as the latest 3 rows to arrive per user_id, but Flink keeps the first 3 rows to arrive per user_id
-- expect-fix: Where the latest rows by event time are meant, order by the event-time attribute order_time instead (ORDER BY order_time DESC)
-- expect-fix: ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY pt DESC) = 1, which Flink plans as a Deduplicate that keeps the last row to arrive per key.
-- The three latest orders per user by processing time, on a table whose event time (order_time, with a WATERMARK) is
-- right there: the fix names it. Each user's first three orders stay forever.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  pt AS PROCTIME(),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT order_id, user_id, amount FROM (
  SELECT order_id, user_id, amount, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY pt DESC) AS rn FROM orders)
WHERE rn <= 3;
