-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- The dimension table is a lookup source, but orders has no processing-time column: no lookup join is written
-- (the DDL is the user's to change); the fix says what would make it possible (a PROCTIME() column of orders).
CREATE TABLE orders (
  order_id STRING,
  customer_id STRING,
  amount DOUBLE
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE customers (
  id STRING,
  name STRING,
  PRIMARY KEY (id) NOT ENFORCED
) WITH ('connector' = 'jdbc', 'url' = 'jdbc:postgresql://db:5432/shop', 'table-name' = 'customers');

SELECT o.order_id, c.name FROM orders o JOIN customers c ON o.customer_id = c.id;
