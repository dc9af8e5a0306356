-- expect: INFO stateful-without-ttl
-- expect-absent: proctime-top-n
-- N = 1 by ROW_NUMBER(): Flink plans a Deduplicate that keeps the last row to arrive per user (run on Flink 2.3.0 and
-- 1.20.0: every row replaced the one before). What the query reads as: not proctime-top-n.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  pt AS PROCTIME()
) WITH ('connector' = 'datagen');

SELECT order_id, user_id FROM (
  SELECT order_id, user_id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY pt DESC) AS rn FROM orders)
WHERE rn = 1;
