-- expect: BLOCK on-conflict-required
-- expect-reason: the statement's lookup join of customers (FOR SYSTEM_TIME AS OF o.proc) loses it, where its input has one: a lookup join keeps no state of its own and does not redistribute its input
-- expect-reason-absent: distributed by it
-- expect-fix: Where customers holds one row per value of the columns the join looks it up by (customer_id), declare them its PRIMARY KEY (PRIMARY KEY (customer_id) NOT ENFORCED in its DDL)
-- expect-reason: customers declares no PRIMARY KEY (it is looked up by customer_id): one input row may match several rows of customers
-- expect-rewrite: on-conflict
-- expect-changes: the lookup join of customers returns every row of it that matches by customer_id (it declares no PRIMARY KEY)
-- expect-fix-absent: Where a join or a ranking distributes the rows
-- Orders read from MySQL through Flink CDC (keyed by order_id) enriched with their customer's region by a lookup join
-- of customers (jdbc, planned by lint through its stand-in, a lookup source) that declares no PRIMARY KEY, written into
-- a sink keyed by order_id. Flink 2.3.0 names no upsert key: FlinkRelMdUpsertKeys keeps a lookup join's input key only
-- where the lookup keys hold the dimension's whole primary key (FlinkRelMdUniqueKeys#getUniqueKeysOfTemporalTable), as
-- one order could match several customers. With PRIMARY KEY (customer_id) on customers it plans with no finding.
-- Before: the reason was a regular join's ("a join keeps a key only where ... it is distributed by it: ... a join on
-- another column (an aggregated value) distributes the updating rows"), and so was the fix; a lookup join keeps no
-- state and does not redistribute its input (StreamExecLookupJoin). OnConflictLookupJoinReasonTest reads the reason.
CREATE TABLE orders (
  order_id BIGINT,
  customer_id BIGINT,
  amount DECIMAL(10, 2),
  proc AS PROCTIME(),
  PRIMARY KEY (order_id) NOT ENFORCED
) WITH ('connector' = 'mysql-cdc', 'hostname' = 'db', 'database-name' = 'shop', 'table-name' = 'orders');

CREATE TABLE customers (
  customer_id BIGINT,
  region STRING
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
JOIN customers FOR SYSTEM_TIME AS OF o.proc AS c ON o.customer_id = c.customer_id;
