-- Kafka topics of the shop.
CREATE TABLE orders (
  order_id STRING,
  customer_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH (
  'connector' = 'kafka',
  'topic' = 'orders',
  'properties.bootstrap.servers' = 'kafka:9092',
  'properties.group.id' = 'shop-jobs',
  'scan.startup.mode' = 'earliest-offset',
  'format' = 'json'
);

-- Latest row per customer, keyed: an upsert (changelog) source.
CREATE TABLE customers (
  customer_id STRING,
  name STRING,
  tier STRING,
  PRIMARY KEY (customer_id) NOT ENFORCED
) WITH (
  'connector' = 'upsert-kafka',
  'topic' = 'customers',
  'properties.bootstrap.servers' = 'kafka:9092',
  'key.format' = 'json',
  'value.format' = 'json'
);

-- Debezium change events of the payments database: every change (+I, -U, +U, -D).
CREATE TABLE payments (
  payment_id STRING,
  order_id STRING,
  amount DOUBLE,
  PRIMARY KEY (payment_id) NOT ENFORCED
) WITH (
  'connector' = 'kafka',
  'topic' = 'shop.public.payments',
  'properties.bootstrap.servers' = 'kafka:9092',
  'properties.group.id' = 'shop-jobs',
  'scan.startup.mode' = 'earliest-offset',
  'format' = 'debezium-json'
);
