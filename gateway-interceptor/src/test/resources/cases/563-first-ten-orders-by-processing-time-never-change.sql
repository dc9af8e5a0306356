-- expect: WARN global-rank
-- expect-reason: the result is its first 10 rows read, and it never changes after them
-- expect-fix: Where the latest 10 rows are meant, order by an event-time column with a WATERMARK, descending: by processing time, a Top-N of more than one row keeps the first rows to arrive whichever the direction
-- expect-fix-absent: filtered to <= 10
-- The first ten orders by processing time, ASC written out: the same SortLimit as LIMIT 1 with ten rows kept; once ten
-- are kept no later order ranks among them, and the answer stops changing after the tenth order.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  proc_time AS PROCTIME()
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT order_id, user_id, amount
FROM orders
ORDER BY proc_time ASC
LIMIT 10;
