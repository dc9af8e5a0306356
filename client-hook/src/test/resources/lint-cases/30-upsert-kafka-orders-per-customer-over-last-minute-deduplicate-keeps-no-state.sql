-- expect: BLOCK on-conflict-required
-- expect-rewrite: on-conflict
-- jbcodeforce/flink-studies code/flink-sql/06-groupby-over/cc/dml.order_count_over_60s.sql (Confluent Cloud): a
-- rolling count of each customer's orders over the last 60 s of event time, one row per order, written into an
-- upsert table keyed by customer_id. The query's rows are inserts only (an OVER aggregate over an append-only
-- table). Before: the DO DEDUPLICATE rewrite said "the sink's upsert materializer keeps every version of each key it
-- has not seen retracted ..., with no state TTL: it grows forever"; Flink 2.3.0 compiles it with no materializer and
-- no state at the sink (asked: compilePlanSql; DO NOTHING and DO ERROR do get sinkMaterializeState).
-- OnConflictDeduplicateOverInsertsTest reads the changes: line.
CREATE TABLE d06_orders (
  order_id INT NOT NULL,
  customer_id INT,
  customer_name VARCHAR,
  order_ts TIMESTAMP(3),
  total_amount DOUBLE,
  PRIMARY KEY (order_id) NOT ENFORCED,
  WATERMARK FOR order_ts AS order_ts - INTERVAL '5' SECOND
) WITH ('connector' = 'kafka', 'topic' = 'd06-orders', 'properties.bootstrap.servers' = 'kafka:9092', 'format' = 'json');

CREATE TABLE d06_order_count_over_60s (
  order_id INT NOT NULL,
  customer_id INT NOT NULL,
  customer_name VARCHAR,
  order_ts TIMESTAMP(3),
  total_amount DOUBLE,
  order_count_60s BIGINT NOT NULL,
  PRIMARY KEY (customer_id) NOT ENFORCED
) WITH ('connector' = 'upsert-kafka', 'topic' = 'd06-order-count', 'properties.bootstrap.servers' = 'kafka:9092',
        'key.format' = 'json', 'value.format' = 'json');

INSERT INTO d06_order_count_over_60s
SELECT
    order_id,
    coalesce(customer_id,0) as customer_id,
    customer_name,
    order_ts,
    total_amount,
    COUNT(*) OVER w AS order_count_60s
FROM d06_orders
WINDOW w AS (
    PARTITION BY customer_id
    ORDER BY order_ts
    RANGE BETWEEN INTERVAL '60' SECONDS PRECEDING AND CURRENT ROW
);
