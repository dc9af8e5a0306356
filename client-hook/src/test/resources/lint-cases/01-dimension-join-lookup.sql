-- expect: WARN stateful-without-ttl
-- expect-rewrite: lookup-join
-- Orders enriched with their customer, a dimension table in a database (jdbc, planned by lint through its
-- stand-in, a lookup source like JdbcDynamicTableSource): the regular join keeps every order and every customer
-- forever. orders has a PROCTIME() column, so the join reads customers as of it: a LookupJoin, no state. Its
-- changes: line says that later customer updates do not retract results and an order without its customer yet
-- is dropped.
CREATE TABLE orders (
  order_id STRING,
  customer_id STRING,
  amount DOUBLE,
  proc_time AS PROCTIME()
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE customers (
  id STRING,
  name STRING,
  country STRING,
  PRIMARY KEY (id) NOT ENFORCED
) WITH ('connector' = 'jdbc', 'url' = 'jdbc:postgresql://db:5432/shop', 'table-name' = 'customers');

SELECT o.order_id, c.name, c.country, o.amount
FROM orders AS o
JOIN customers AS c ON o.customer_id = c.id;
