-- expect: BLOCK unbounded-rank
-- expect-fix: Order by a PROCTIME() column in place of seen_at (seen_at is the wall clock when the row is read, NOW(), which is no time attribute
-- expect-fix-absent: WATERMARK FOR
-- The first order per customer ordered by seen_at AS NOW(), read through a view that filters: the wall-clock
-- column reaches the ranking through the view, and the fix is still a PROCTIME() column, not a watermark.
CREATE TABLE orders (
  order_id STRING,
  customer_id STRING,
  amount DOUBLE,
  seen_at AS NOW()
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE VIEW big_orders AS SELECT order_id, customer_id, amount, seen_at FROM orders WHERE amount > 100;

SELECT order_id, customer_id, amount
FROM (
  SELECT order_id, customer_id, amount,
    ROW_NUMBER() OVER (PARTITION BY customer_id ORDER BY seen_at) AS rn
  FROM big_orders)
WHERE rn = 1;
