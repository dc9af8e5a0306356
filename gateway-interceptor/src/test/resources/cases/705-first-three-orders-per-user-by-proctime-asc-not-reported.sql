-- expect: BLOCK unbounded-rank
-- expect-absent: proctime-top-n
-- Ascending: the first three orders per user to arrive, which is what Flink keeps (AppendOnlyFirstNFunction) and what
-- the query reads as. Not proctime-top-n.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  pt AS PROCTIME()
) WITH ('connector' = 'datagen');

SELECT order_id, user_id FROM (
  SELECT order_id, user_id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY pt ASC) AS rn FROM orders)
WHERE rn <= 3;
