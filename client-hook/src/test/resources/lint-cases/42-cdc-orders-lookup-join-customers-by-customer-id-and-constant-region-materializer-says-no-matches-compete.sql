-- expect: WARN stateful-without-ttl
-- expect-reason: The upsert materializer
-- expect-reason-absent: several rows of customers may match one input row
-- Lint case 35 with the region a constant of the join's condition: customers declares PRIMARY KEY (region,
-- customer_id), and ON o.customer_id = c.customer_id AND c.region = 'EU' looks it up by both: Flink 2.3.0 makes the
-- constant a lookup key (CommonPhysicalLookupJoin#allLookupKeys, LookupJoinUtil.ConstantLookupKey; the plan prints
-- lookup=[region=_UTF-16LE'EU', customer_id=customer_id]), so each order matches at most one customer. Flink's unique
-- keys of the join compare the key with the column equalities alone (FlinkRelMdUniqueKeys
-- #getUniqueKeysOfTemporalTable), so the INSERT still needs its ON CONFLICT clause and plans the sink's materializer.
-- Before: the materializer's WARN said the lookup looks customers up by customer_id alone and that several customers
-- may match one order, which the constant rules out. Flink 2.3 only (1.20 has no ON CONFLICT clause).
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
JOIN customers FOR SYSTEM_TIME AS OF o.proc AS c ON o.customer_id = c.customer_id AND c.region = 'EU'
ON CONFLICT DO DEDUPLICATE;
