-- expect: WARN stateful-without-ttl
-- With table.exec.sink.require-on-conflict = false, Flink 2.3 plans case 185's INSERT as Flink 1.20 does: an
-- upsert materializer before the sink, without a clause (SinkUpsertMaterializer: every row per user_id until it
-- is retracted). A STATE_TTL hint bounds the aggregation; the materializer keeps the session TTL, 0: reported.
SET 'table.exec.sink.require-on-conflict' = 'false';

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
SELECT /*+ STATE_TTL('orders' = '1 d') */ user_id, category, SUM(amount) AS total
FROM orders
GROUP BY user_id, category;
