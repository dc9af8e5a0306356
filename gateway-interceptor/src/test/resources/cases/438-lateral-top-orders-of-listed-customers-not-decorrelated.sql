-- expect: BLOCK lateral-top-n-unsupported
-- expect-absent: planner-error
-- expect-fix: join this result to it on customer_id
-- The three largest totals of each listed customer: LATERAL (... ORDER BY total DESC LIMIT 3) over a WITH item of
-- the orders, where the left side is another table's keys. Flink 2.3 cannot decorrelate it; the fix's ROW_NUMBER
-- form is the same rows only where the left side is every customer of the totals, and says to join it otherwise;
-- no rewrite is offered (its golden shows none): the LATERAL is not the ROW_NUMBER Top-N of the totals.
CREATE TABLE orders (
  order_id BIGINT,
  customer_id BIGINT,
  amount DECIMAL(10, 2),
  ordered_at TIMESTAMP(3),
  WATERMARK FOR ordered_at AS ordered_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.customer_id.min' = '1', 'fields.customer_id.max' = '20');

CREATE TABLE customers (
  customer_id BIGINT,
  name STRING
) WITH ('connector' = 'datagen', 'rows-per-second' = '1', 'fields.customer_id.min' = '1', 'fields.customer_id.max' = '20');

WITH totals AS (
  SELECT customer_id, order_id, SUM(amount) AS total
  FROM orders
  GROUP BY customer_id, order_id
)
SELECT c.name, t.order_id, t.total
FROM customers AS c,
     LATERAL (
       SELECT order_id, total
       FROM totals
       WHERE totals.customer_id = c.customer_id
       ORDER BY total DESC
       LIMIT 3
     ) AS t;
