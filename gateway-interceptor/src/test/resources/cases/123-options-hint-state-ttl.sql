-- expect: BLOCK ttl-not-a-table-option
-- expect-rewrite: ttl-as-job-setting
-- 'state.ttl' in an OPTIONS hint: datagen rejects the query with 'Unsupported options found'.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  pt AS PROCTIME(),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT user_id, COUNT(*) FROM orders /*+ OPTIONS('state.ttl' = '1 d') */ GROUP BY user_id;
