-- expect: BLOCK unbounded-rank
-- expect-rewrite: window-top-n
-- The two largest orders per customer, picked with LATERAL (... ORDER BY amount DESC LIMIT 2) straight over the
-- table that lists the customers: the window Top-N rewrite reads the table through its TUMBLE window in place of
-- the table's name, and keeps the statement's lines: the LATERAL's subquery stays where it is, its key equality
-- and ORDER BY ... LIMIT cut, and `WHERE rn <= 2` is added after the FROM clause (issue 30 §1).
CREATE TABLE orders (
  customer STRING,
  order_id STRING,
  amount DOUBLE,
  placed_at TIMESTAMP(3),
  WATERMARK FOR placed_at AS placed_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.customer.length' = '1');

SELECT c.customer, o.order_id, o.amount
FROM (SELECT DISTINCT customer FROM orders) c,
     LATERAL (SELECT order_id, amount FROM orders
              WHERE orders.customer = c.customer
              ORDER BY amount DESC LIMIT 2) o;
