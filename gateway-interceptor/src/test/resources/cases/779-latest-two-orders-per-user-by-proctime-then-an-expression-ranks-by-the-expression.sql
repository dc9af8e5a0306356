-- expect: BLOCK unbounded-rank proctime-top-n
-- expect-reason: ranks the rows by amount * 2 DESC alone per user_id
-- expect-reason-absent: ranks the rows by pt DESC alone
-- expect-fix: Where the ranking by amount * 2 DESC is meant, write ORDER BY amount * 2 DESC
-- A later order key that is an expression: the plan names it by an internal column, so the message writes it as the
-- ranking function does, at its own position (before, the first key's name, pt, stood in for it).
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  pt AS PROCTIME(),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT order_id, user_id, amount FROM (
  SELECT order_id, user_id, amount,
    ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY pt DESC, amount * 2 DESC) AS rn FROM orders)
WHERE rn <= 2;
