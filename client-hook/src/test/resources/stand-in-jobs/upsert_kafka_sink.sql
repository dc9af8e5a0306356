-- The same aggregation into an upsert-kafka topic keyed by customer: accepted, with a state TTL.
SET 'table.exec.state.ttl' = '7 d';

CREATE TEMPORARY TABLE customer_totals_upsert (
  customer_id STRING,
  total DOUBLE,
  PRIMARY KEY (customer_id) NOT ENFORCED
) WITH (
  'connector' = 'upsert-kafka',
  'topic' = 'customer-totals',
  'properties.bootstrap.servers' = 'kafka:9092',
  'key.format' = 'json',
  'value.format' = 'json'
);

INSERT INTO customer_totals_upsert SELECT customer_id, SUM(amount) FROM orders GROUP BY customer_id;
