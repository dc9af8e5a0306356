-- expect: BLOCK on-conflict-required
-- expect-rewrite: on-conflict
-- expect-reason: looks customers up by its whole PRIMARY KEY (region, customer_id), region by the constant its condition equates it with
-- expect-reason-absent: which does not hold it
-- expect-fix: The lookup join matches at most one row of customers per input row (its condition fixes region), so no two matches compete for a sink row
-- expect-fix-absent: which the join does not look it up by
-- Lint case 26 with the region a constant of the join's condition, without the ON CONFLICT clause: customers declares
-- PRIMARY KEY (region, customer_id), and ON o.customer_id = c.customer_id AND c.region = 'EU' looks it up by both, the
-- constant a lookup key of Flink's lookup join (CommonPhysicalLookupJoin#allLookupKeys): each order matches at most one
-- customer. Flink 2.3.0 still names no upsert key for the sink keyed by order_id: its unique keys of a lookup join
-- compare the table's key with the condition's column equalities alone (FlinkRelMdUniqueKeys
-- #getUniqueKeysOfTemporalTable, joinInfo.pairs()), and c.region = 'EU' is none (asked of 2.3.0: refused with
-- upsert key: .). Before: the reason said customers is looked up by customer_id, which does not hold its key, the fix
-- asked to look it up by (region, customer_id), which it is, and ON CONFLICT's changes: line said several customers
-- compete for one sink row.
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
JOIN customers FOR SYSTEM_TIME AS OF o.proc AS c ON o.customer_id = c.customer_id AND c.region = 'EU';
