-- expect: WARN stateful-without-ttl
-- Orders whose customer is not in the customers table (a jdbc table, a lookup source), written as a LEFT JOIN with
-- WHERE c.id IS NULL. The lookup join, proven and shown first here before, reads customers once as each order
-- arrives: an order whose customer is inserted later would stay in the result, where the regular join retracts it.
-- No lookup or temporal join is offered for such an anti-join; the state TTL is.
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

SELECT o.order_id, o.amount
FROM orders o
LEFT JOIN customers c ON o.customer_id = c.id
WHERE c.id IS NULL;
