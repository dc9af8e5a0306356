-- expect: BLOCK updates-into-append-only
-- A Kafka topic of Debezium change events in the debezium-protobuf format (no Apache Flink format: a build of Flink
-- that adds one under that name reads every change from it, as the other Debezium formats do), copied into a plain
-- Kafka topic in the json format, which takes inserts only. Flink refuses the INSERT where the format is there: the
-- sink "doesn't support consuming update and delete changes". lint has no such format: its stand-in took the format
-- as insert-only and passed the INSERT, while the guard's rules took the same table as emitting updates (two lists of
-- CDC formats, debezium-protobuf in one only). One list now (ChangelogSources): the stand-in emits every change, and
-- lint refuses the INSERT as the gateway would.
CREATE TABLE order_changes (
  order_id BIGINT,
  status STRING,
  amount DECIMAL(10, 2)
) WITH (
  'connector' = 'kafka',
  'topic' = 'dbserver1.shop.orders',
  'properties.bootstrap.servers' = 'kafka:9092',
  'value.format' = 'debezium-protobuf'
);

CREATE TABLE order_copies (
  order_id BIGINT,
  status STRING,
  amount DECIMAL(10, 2)
) WITH (
  'connector' = 'kafka',
  'topic' = 'orders-copy',
  'properties.bootstrap.servers' = 'kafka:9092',
  'format' = 'json'
);

INSERT INTO order_copies
SELECT order_id, status, amount FROM order_changes WHERE amount > 0;
