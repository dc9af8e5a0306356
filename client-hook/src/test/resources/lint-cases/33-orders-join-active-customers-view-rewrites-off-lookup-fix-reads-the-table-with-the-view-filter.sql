-- expect: WARN stateful-without-ttl
-- policy: sql-guard.rewrite.enabled=false
-- expect-fix: Bound the join's state with a TTL longer than a row must wait for its match
-- expect-fix-absent: JOIN active_customers FOR SYSTEM_TIME AS OF
-- expect-fix-absent: FOR SYSTEM_TIME AS OF
-- Lint case 28 with rewrites off (sql-guard.rewrite.enabled = false): the rule's own fix, with no proven rewrite to
-- take a way from. The dimension is the view active_customers (a filter and a projection of the jdbc table
-- customers); Flink 2.3.0 refuses a view read FOR SYSTEM_TIME AS OF processing time where it filters ("Unsupported
-- call: __TEMPORAL_JOIN_CONDITION_PRIMARY_KEY", lint case 28). The rule's lookup way reads only a table the join's
-- side scans directly (StatefulWithoutTtlRule#lookupWay), so it names no lookup join of the view, the join Flink
-- refuses (checked round 66, also for a view that only projects): the lookup join of the view's table with the view's
-- condition in the ON is the proven rewrite's alone (lint case 28).
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
