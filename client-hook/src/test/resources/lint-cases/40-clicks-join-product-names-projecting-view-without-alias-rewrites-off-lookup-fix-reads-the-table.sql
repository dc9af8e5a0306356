-- expect: WARN stateful-without-ttl
-- policy: sql-guard.rewrite.enabled=false
-- expect-fix: JOIN products FOR SYSTEM_TIME AS OF clicks.proc_time AS product_names ON clicks.product_id = product_names.id (products read in place of the view product_names, which Flink does not look up)
-- expect-fix-absent: with the view's condition
-- expect-fix-absent: JOIN product_names FOR SYSTEM_TIME AS OF
-- Clicks joined with a view that only projects the jdbc table products (no condition), the view named without an
-- alias, rewrites off: Flink refuses the view read as of processing time (checked round 66 for a view that only
-- projects, lint case 33's note); the rule's fix reads products in its place under the view's name, so that the
-- statement's other columns (product_names.title) still resolve. LookupJoinLintCasesTest plans the offered join: a
-- LookupJoin, on 2.3 and 1.20.
CREATE TABLE clicks (
  click_id STRING,
  product_id BIGINT,
  proc_time AS PROCTIME()
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE products (
  id BIGINT,
  title STRING,
  price DECIMAL(10, 2),
  PRIMARY KEY (id) NOT ENFORCED
) WITH ('connector' = 'jdbc', 'url' = 'jdbc:postgresql://db:5432/shop', 'table-name' = 'products');

CREATE VIEW product_names AS SELECT id, title FROM products;

SELECT clicks.click_id, product_names.title
FROM clicks
JOIN product_names ON clicks.product_id = product_names.id;
