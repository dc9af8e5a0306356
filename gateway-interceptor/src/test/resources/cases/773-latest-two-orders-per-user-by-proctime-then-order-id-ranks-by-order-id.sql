-- expect: BLOCK unbounded-rank proctime-top-n
-- expect-reason: This Top-2 ordered by pt DESC, order_id ranks the rows by order_id alone per user_id, among every row read, not by their arrival first
-- expect-fix: order by the event-time attribute order_time in place of pt (ORDER BY order_time DESC, order_id)
-- expect-fix: Where the ranking by order_id is meant, write ORDER BY order_id
-- The two latest orders per user by arrival, ties broken by order_id: every row ties on pt (Flink does not materialize
-- a processing-time attribute in a ranking), so the Rank ranks by order_id alone. Run on Flink 2.3.0 and 1.20.0:
-- ROW_NUMBER() OVER (PARTITION BY k ORDER BY pt DESC, v) <= 2 kept the two smallest v per k, updated as rows came.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  pt AS PROCTIME(),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT order_id, user_id, amount FROM (
  SELECT order_id, user_id, amount, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY pt DESC, order_id) AS rn FROM orders)
WHERE rn <= 2;
