-- expect: WARN stateful-without-ttl
-- expect-rewrite: lookup-join
-- expect-changes: the join reads customers, the table the view active_customers selects from, in its place (Flink plans no lookup join of a view), with the view's condition
-- Orders enriched with their customer through a view of the active customers (a filter and a projection of a jdbc
-- table, planned by lint through its stand-in, a lookup source): the regular join keeps every order and every active
-- customer forever. The same join FOR SYSTEM_TIME AS OF o.proc_time over the view is refused by Flink 2.3.0
-- ("Unsupported call: __TEMPORAL_JOIN_CONDITION_PRIMARY_KEY(STRING NOT NULL)", asked through lint's stand-ins): a view
-- read as of processing time is no lookup join. The lookup join reads customers in the view's place with the view's
-- condition in its ON (JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c ON o.customer_id = c.id AND c.active),
-- which returns the rows the view would; its changes: line says so. Before: no lookup join was offered.
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
  active BOOLEAN,
  PRIMARY KEY (id) NOT ENFORCED
) WITH ('connector' = 'jdbc', 'url' = 'jdbc:postgresql://db:5432/shop', 'table-name' = 'customers');

CREATE VIEW active_customers AS SELECT id, name, country FROM customers WHERE active;

SELECT o.order_id, c.name, c.country, o.amount
FROM orders AS o
JOIN active_customers AS c ON o.customer_id = c.id;
