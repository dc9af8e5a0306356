-- expect: BLOCK sort-non-time
-- expect-rewrite: bounded-sort
-- An INSERT of the newest orders by processing time, on a table with an event time, written over several lines with
-- a comment. The bounded-sort rewrite orders by the event time in place of pt and adds the limit: before, the
-- statement was written anew with Calcite's FETCH NEXT 10 ROWS ONLY on lines of its own and the comment gone; now
-- only pt becomes placed_at and LIMIT 10 follows the key (golden 811).
CREATE TABLE orders (
  order_id STRING,
  amount DOUBLE,
  placed_at TIMESTAMP(3),
  pt AS PROCTIME(),
  WATERMARK FOR placed_at AS placed_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE newest_orders (order_id STRING, amount DOUBLE) WITH ('connector' = 'blackhole');

INSERT INTO newest_orders
SELECT order_id, amount
FROM orders
-- the newest first
ORDER BY pt DESC;
