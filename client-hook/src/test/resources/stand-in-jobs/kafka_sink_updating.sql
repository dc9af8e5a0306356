-- An updating aggregation into an append-only Kafka topic: Flink refuses it.
CREATE TEMPORARY TABLE customer_totals (
  customer_id STRING,
  total DOUBLE
) WITH (
  'connector' = 'kafka',
  'topic' = 'customer-totals',
  'properties.bootstrap.servers' = 'kafka:9092',
  'format' = 'json'
);

INSERT INTO customer_totals SELECT customer_id, SUM(amount) FROM orders GROUP BY customer_id;
