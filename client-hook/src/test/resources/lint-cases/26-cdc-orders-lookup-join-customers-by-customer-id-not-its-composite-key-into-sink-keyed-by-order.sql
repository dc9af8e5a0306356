-- expect: BLOCK on-conflict-required
-- expect-rewrite: on-conflict
-- expect-changes: where several match, they compete for one sink row: the sink row keeps the match that arrived last
-- expect-reason: customers declares PRIMARY KEY (region, customer_id) and is looked up by customer_id, which does not hold it
-- expect-fix: customers declares PRIMARY KEY (region, customer_id), which the join does not look it up by (it looks it up by customer_id)
-- expect-fix-absent: Where customers holds one row per value of the columns the join looks it up by, declare them its PRIMARY KEY
-- Orders read from MySQL through Flink CDC (keyed by order_id) enriched by a lookup join of customers (jdbc, planned by
-- lint through its stand-in, a lookup source), whose PRIMARY KEY is (region, customer_id): a customer id is unique only
-- within its region, and the join looks customers up by customer_id alone, so one order may match a customer of each
-- region. Flink 2.3.0 names no upsert key for the sink keyed by order_id (FlinkRelMdUniqueKeys
-- #getUniqueKeysOfTemporalTable: the lookup keys do not hold the key). Before: the fix asked to declare a PRIMARY KEY
-- on the columns customers is looked up by, as if it had none, and ON CONFLICT DO DEDUPLICATE's changes: line did not
-- say that the orders' several matches compete for one sink row (the last to arrive wins); both now say what customers
-- declares, and the changes: line says the matches compete.
CREATE TABLE orders (
  order_id BIGINT,
  customer_id BIGINT,
  amount DECIMAL(10, 2),
  proc AS PROCTIME(),
  PRIMARY KEY (order_id) NOT ENFORCED
) WITH ('connector' = 'mysql-cdc', 'hostname' = 'db', 'database-name' = 'shop', 'table-name' = 'orders');

CREATE TABLE customers (
  region STRING,
  customer_id BIGINT,
  tier STRING,
  PRIMARY KEY (region, customer_id) NOT ENFORCED
) WITH ('connector' = 'jdbc', 'url' = 'jdbc:mysql://db:3306/shop', 'table-name' = 'customers');

CREATE TABLE order_tiers (
  order_id BIGINT,
  tier STRING,
  amount DECIMAL(10, 2),
  PRIMARY KEY (order_id) NOT ENFORCED
) WITH ('connector' = 'jdbc', 'url' = 'jdbc:mysql://db:3306/dw', 'table-name' = 'order_tiers');

INSERT INTO order_tiers
SELECT o.order_id, c.tier, o.amount
FROM orders AS o
JOIN customers FOR SYSTEM_TIME AS OF o.proc AS c ON o.customer_id = c.customer_id;
