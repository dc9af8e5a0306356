-- expect: WARN stateful-without-ttl
-- expect-rewrite: lookup-join
-- The same enrichment as a LEFT JOIN into a sink, tables unaliased, the processing-time column named pt: the
-- lookup join keeps LEFT (an order without its customer is emitted with NULLs and never completed, which the
-- changes: line says) and reads customers as of orders.pt.
CREATE TABLE orders (
  order_id STRING,
  customer_id STRING,
  amount DOUBLE,
  pt AS PROCTIME()
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE customers (
  id STRING,
  country STRING,
  PRIMARY KEY (id) NOT ENFORCED
) WITH ('connector' = 'jdbc', 'url' = 'jdbc:mysql://db:3306/shop', 'table-name' = 'customers');

CREATE TABLE enriched (
  order_id STRING,
  country STRING,
  amount DOUBLE
) WITH ('connector' = 'blackhole');

INSERT INTO enriched
SELECT orders.order_id, customers.country, orders.amount
FROM orders
LEFT JOIN customers ON orders.customer_id = customers.id;
