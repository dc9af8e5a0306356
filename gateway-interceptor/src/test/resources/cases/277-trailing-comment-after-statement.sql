-- expect: BLOCK unbounded-rank
-- expect-rewrite: window-top-n
-- A Top-N whose last line ends in a comment with a ';' in it. The rewrite's statement ends with its own ';'
-- after the comment, not inside it, and the comment stays.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT * FROM (
  SELECT order_id, user_id, amount,
         ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount ASC) AS rn
  FROM orders
) t WHERE rn <= 3 -- cheapest three; see the report
