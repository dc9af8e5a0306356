-- expect: WARN stateful-without-ttl
-- policy: sql-guard.rewrite.enabled=false
-- expect-fix: JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c ON o.customer_id = c.id AND c.active (customers read in place of the view active_customers, which Flink does not look up, with the view's condition in the ON)
-- expect-fix: Bound the join's state with a TTL longer than a row must wait for its match
-- expect-fix-absent: JOIN active_customers FOR SYSTEM_TIME AS OF
-- Lint case 28 with rewrites off (sql-guard.rewrite.enabled = false): the rule's own fix, with no proven rewrite to
-- take a way from. The dimension is the view active_customers (a filter and a projection of the jdbc table
-- customers); Flink 2.3.0 refuses a view read FOR SYSTEM_TIME AS OF processing time where it filters ("Unsupported
-- call: __TEMPORAL_JOIN_CONDITION_PRIMARY_KEY", lint case 28). The rule reads the view's expanded query
-- (flink.ViewQueries, statement.FilteredView, as the lookup-join rewrite of case 28 reads it) and offers the lookup
-- join of its table with the view's condition in the ON, never a lookup join of the view itself. Before (round 66):
-- only the TTL was offered. LookupJoinLintCasesTest plans the offered join: a LookupJoin, on 2.3 and 1.20.
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
