-- expect: BLOCK on-conflict-required
-- expect-rewrite: on-conflict
-- jbcodeforce/flink-studies code/flink-sql/04-joins/cc-flink/dml.enriched_orders.sql (Confluent Cloud): orders (upsert,
-- keyed by id) LEFT JOIN products (upsert, keyed by id) on the order's product_id, with per-input STATE_TTL hints, into
-- an upsert table keyed by order_id. The join's rows are updates, distributed by product_id: Flink names no upsert key.
-- The control of cases 30 and 31: here Flink 2.3.0 compiles DO DEDUPLICATE with an upsert materializer
-- (sinkMaterializeState), and the changes: line says so. OnConflictDeduplicateOverInsertsTest.
CREATE TABLE d04_orders (
  id INT,
  total_amount DOUBLE,
  customer_name VARCHAR,
  order_ts_raw TIMESTAMP(3),
  product_id INT,
  PRIMARY KEY (id) NOT ENFORCED
) WITH ('connector' = 'upsert-kafka', 'topic' = 'd04-orders', 'properties.bootstrap.servers' = 'kafka:9092',
        'key.format' = 'json', 'value.format' = 'json');

CREATE TABLE d04_products (
  id INT,
  product_name STRING,
  product_ts_raw TIMESTAMP(3),
  PRIMARY KEY (id) NOT ENFORCED
) WITH ('connector' = 'upsert-kafka', 'topic' = 'd04-products', 'properties.bootstrap.servers' = 'kafka:9092',
        'key.format' = 'json', 'value.format' = 'json');

CREATE TABLE d04_enriched_orders (
  order_id INT,
  total_amount DOUBLE,
  customer_name VARCHAR,
  order_ts_raw TIMESTAMP(3),
  product_id INT,
  product_name STRING,
  PRIMARY KEY (order_id) NOT ENFORCED
) WITH ('connector' = 'upsert-kafka', 'topic' = 'd04-enriched-orders', 'properties.bootstrap.servers' = 'kafka:9092',
        'key.format' = 'json', 'value.format' = 'json');

insert into d04_enriched_orders
select  /*+ STATE_TTL(o='2h', p='30d') */
   o.id as order_id,
   o.total_amount,
   o.customer_name,
   o.order_ts_raw,
   o.product_id,
   p.product_name
from d04_orders o
left join d04_products p on o.product_id = p.id;
