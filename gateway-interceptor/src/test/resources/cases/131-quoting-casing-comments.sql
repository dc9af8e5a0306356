-- expect: BLOCK unbounded-rank
-- expect-rewrite: window-top-n
-- Casing, quoted identifiers, unicode and comments do not hide the Top-N: the plan is the same.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  pt AS PROCTIME(),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

/* rank them */ select * from (
  SELECT `order_id`, `user_id`, amount AS `Betrag €`, -- the amount
         Row_Number() OVER (PARTITION  BY `user_id` ORDER BY amount DESC) AS `rn`
  FROM `default_catalog`.`default_database`.`orders`
)	WHERE `rn` <= 3 ;
