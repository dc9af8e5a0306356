-- expect: BLOCK sort-non-time
-- expect-fix: ORDER BY o.arrived DESC, o.amount DESC LIMIT n ranks the rows by o.amount DESC alone, among every row read
-- expect-fix: declare the column of orders that holds each row's time as event time, with a WATERMARK
-- expect-fix-absent: which keeps those n rows, updated as rows arrive
-- The newest orders first by arrival, then the largest: a processing-time column of another name (arrived), qualified
-- by the alias, on a table without event time. A Top-N of this order ranks by o.amount alone (run on Flink 2.3.0 and
-- 1.20.0: ORDER BY pt DESC, id DESC LIMIT 2 emitted the two largest ids), so the fix says so and does not offer it.
CREATE TABLE orders (
  order_id STRING,
  amount DOUBLE,
  arrived AS PROCTIME()
) WITH ('connector' = 'datagen');

SELECT o.order_id, o.amount FROM orders AS o ORDER BY o.arrived DESC, o.amount DESC;
