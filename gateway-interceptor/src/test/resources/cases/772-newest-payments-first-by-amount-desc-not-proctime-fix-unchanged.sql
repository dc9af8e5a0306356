-- expect: BLOCK sort-non-time
-- expect-fix: keep a Top-N: ORDER BY amount DESC LIMIT n, or ROW_NUMBER() OVER (ORDER BY amount DESC) in a subquery filtered to rn <= n, which keeps those n rows, updated as rows arrive
-- expect-fix-absent: processing-time
-- The largest payments first, on a table that also has a PROCTIME() column: the first key is a value column, so the
-- Top-N advice stands (a later row that sorts before a kept one replaces it); the catalog's answer changes nothing here.
CREATE TABLE payments (
  payment_id STRING,
  amount DOUBLE,
  pt AS PROCTIME()
) WITH ('connector' = 'datagen');

SELECT payment_id, amount FROM payments ORDER BY amount DESC;
