-- expect: WARN global-rank proctime-top-n
-- expect-reason-absent: never changes after
-- expect-reason: This ORDER BY proc_time DESC LIMIT 10 reads as the latest 10 rows to arrive, but Flink keeps the first 10 rows to arrive
-- The latest ten orders, proc_time DESC. This case said that every new order ranks first and pushes the tenth out;
-- run on Flink 2.3.0 and 1.20.0, ORDER BY pt DESC LIMIT 2 kept the first two rows and never changed (the Rank's
-- processing-time sort key is not materialized: every row ties). global-rank says that one task holds it;
-- proctime-top-n says what it returns (case 704, LIMIT 3).
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
