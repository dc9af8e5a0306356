-- expect: BLOCK on-conflict-required
-- expect-rewrite: on-conflict
-- expect-fix: where the query's rows are updates, the sink's upsert materializer keeps the history of each primary key's rows
-- expect-fix-absent: All three keep the materializer's state
-- Totals per customer and product (an updating aggregation) written into a sink keyed by customer_id: Flink 2.3 names
-- the upsert key [customer_id, product] and refuses the INSERT without ON CONFLICT. The rule has no plan; its fix says
-- DO DEDUPLICATE keeps each key's history where the rows are updates, as here (the proven rewrite's changes: line says
-- the materializer keeps every version), and no longer that all three choices keep a materializer's state (over
-- inserts only DO DEDUPLICATE has none: case 1004).
CREATE TABLE orders (
  order_id STRING,
  customer_id STRING,
  product STRING,
  amount DOUBLE
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.customer_id.length' = '3');

CREATE TABLE customer_totals (
  customer_id STRING,
  product STRING,
  total DOUBLE,
  PRIMARY KEY (customer_id) NOT ENFORCED
) WITH ('connector' = 'blackhole');

INSERT INTO customer_totals
SELECT customer_id, product, SUM(amount) AS total
FROM orders
GROUP BY customer_id, product;
