-- expect: WARN stateful-without-ttl
-- expect-absent: on-conflict-required
-- ON CONFLICT DO DEDUPLICATE with table.exec.sink.upsert-materialize-strategy.type = VALUE: the compiled plan
-- gives the materializer the session TTL (1 d), but Flink 2.3.0 builds SinkUpsertMaterializerV2 for every
-- strategy but LEGACY and disables its TTL ("TTL is not supported and will be disabled", FLINK-38463:
-- StreamExecSink#createStateConfig). Its state, every row per user_id, is never freed: reported, with LEGACY as
-- the fix.
SET 'table.exec.state.ttl' = '1 d';

SET 'table.exec.sink.upsert-materialize-strategy.type' = 'VALUE';

CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  category STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.user_id.length' = '3');

CREATE TABLE user_totals (
  user_id STRING,
  category STRING,
  total DOUBLE,
  PRIMARY KEY (user_id) NOT ENFORCED
) WITH ('connector' = 'blackhole');

INSERT INTO user_totals
SELECT user_id, category, SUM(amount) AS total
FROM orders
GROUP BY user_id, category
ON CONFLICT DO DEDUPLICATE;
