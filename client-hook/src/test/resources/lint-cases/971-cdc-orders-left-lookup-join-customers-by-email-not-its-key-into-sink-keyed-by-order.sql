-- expect: BLOCK on-conflict-required
-- expect-reason: the statement's lookup join of customers (FOR SYSTEM_TIME AS OF o.proc) loses it, where its input has one
-- expect-reason: looked up by other columns, may return several rows for one input row
-- expect-fix: declare them its PRIMARY KEY (PRIMARY KEY (...) NOT ENFORCED in its DDL): the lookup join then keeps its input's key
-- expect-fix-absent: Where a join or a ranking distributes the rows
-- 970 with a LEFT lookup join on a column that is not the dimension's key: customers is keyed by customer_id and looked
-- up by email, so one order may match several customers and Flink 2.3.0 names no upsert key for the sink keyed by
-- order_id. Declared PRIMARY KEY (email) NOT ENFORCED (where an email names one customer), it plans with no finding
-- (asked of Flink 2.3.0 through lint's stand-ins). Before: a regular join's reason and fix.
CREATE TABLE orders (
  order_id BIGINT,
  email STRING,
  amount DECIMAL(10, 2),
  proc AS PROCTIME(),
  PRIMARY KEY (order_id) NOT ENFORCED
) WITH ('connector' = 'mysql-cdc', 'hostname' = 'db', 'database-name' = 'shop', 'table-name' = 'orders');

CREATE TABLE customers (
  customer_id BIGINT,
  email STRING,
  region STRING,
  PRIMARY KEY (customer_id) NOT ENFORCED
) WITH ('connector' = 'jdbc', 'url' = 'jdbc:mysql://db:3306/shop', 'table-name' = 'customers');

CREATE TABLE enriched_orders (
  order_id BIGINT,
  region STRING,
  amount DECIMAL(10, 2),
  PRIMARY KEY (order_id) NOT ENFORCED
) WITH ('connector' = 'jdbc', 'url' = 'jdbc:mysql://db:3306/dw', 'table-name' = 'enriched_orders');

INSERT INTO enriched_orders
SELECT o.order_id, c.region, o.amount
FROM orders AS o
LEFT JOIN customers FOR SYSTEM_TIME AS OF o.proc AS c ON o.email = c.email;
