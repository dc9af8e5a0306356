-- expect: BLOCK on-conflict-required
-- expect-reason: the statement's lookup join of customers (FOR SYSTEM_TIME AS OF o.proc) loses it, where its input has one
-- expect-reason: customers declares PRIMARY KEY (customer_id) and is looked up by email, which does not hold it: one input row may match several rows of customers
-- expect-fix: customers declares PRIMARY KEY (customer_id), which the join does not look it up by (it looks it up by email)
-- expect-fix: where customers holds one row per email, make that its PRIMARY KEY in place of (customer_id)
-- expect-fix-absent: declare them its PRIMARY KEY
-- expect-rewrite: on-conflict
-- expect-changes: matches by email, not by its PRIMARY KEY (customer_id), each a row with the same input row's key: where several match, they compete for one sink row: the sink row keeps the match that arrived last
-- expect-fix-absent: Where a join or a ranking distributes the rows
-- 970 with a LEFT lookup join on a column that is not the dimension's key: customers is keyed by customer_id and looked
-- up by email, so one order may match several customers and Flink 2.3.0 names no upsert key for the sink keyed by
-- order_id. Declared PRIMARY KEY (email) NOT ENFORCED (where an email names one customer), it plans with no finding
-- (asked of Flink 2.3.0 through lint's stand-ins). Before: a regular join's reason and fix. Round 65: the fix asked to
-- declare a PRIMARY KEY on the columns customers is looked up by, as if it had none (it declares customer_id), and ON
-- CONFLICT DO DEDUPLICATE's changes: line did not say that an order's several matching customers compete for its one
-- sink row, the last to arrive winning; both now say so (the declared key read from the catalog: TableRead#primaryKey).
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
