-- expect: WARN global-rank
-- expect-reason-absent: never changes after
-- The latest ten orders, proc_time DESC: every new order ranks first and pushes the tenth out, so the result keeps
-- changing; global-rank says only that one task holds it, not that it stops changing.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  proc_time AS PROCTIME()
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT order_id, user_id, amount
FROM orders
ORDER BY proc_time DESC
LIMIT 10;
