-- expect: WARN stateful-without-ttl
-- expect-reason: The lookup join of customers looks it up by customer_id, not by its PRIMARY KEY (region, customer_id): several rows of customers may match one input row
-- expect-reason: they compete for its one sink row: the sink row keeps the match that arrived last, not a chosen one
-- Lint case 26 with the clause Flink 2.3 asks for written, ON CONFLICT DO DEDUPLICATE: Flink plans it, with the sink's
-- upsert materializer (SinkMaterializer, pk=[order_id]) whose state never expires. customers declares PRIMARY KEY
-- (region, customer_id) and the lookup join looks it up by customer_id alone, so one order may match a customer of each
-- region, each a row with the order's key. Before: the materializer's WARN said its state grows, and not that these
-- matches compete for the order's one sink row (the proven ON CONFLICT rewrite's changes: line of lint 26 says so, and
-- on Flink 1.20, which plans lint 26 with the same materializer, nothing did). Flink 2.3 only (1.20 has no ON CONFLICT
-- clause); on 1.20 lint cases 26, 970 and 971 show the same sentence (LookupJoinLintCasesTest).
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
JOIN customers FOR SYSTEM_TIME AS OF o.proc AS c ON o.customer_id = c.customer_id
ON CONFLICT DO DEDUPLICATE;
