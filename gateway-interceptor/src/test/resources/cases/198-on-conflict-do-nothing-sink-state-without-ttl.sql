-- expect: WARN stateful-without-ttl
-- expect-absent: on-conflict-required
-- Case 188 without a session TTL: ON CONFLICT DO NOTHING plans the sink's upsert materializer
-- (Sink(upsertMaterialize=[true], conflictStrategy=[NOTHING]); WatermarkCompactingSinkMaterializer), which keeps
-- the current row per user_id in sinkMaterializeState, TTL 0 ms in the compiled plan: one row for every user_id
-- ever written, never freed. The finding names the sink, its key and the clause; the aggregation below it is
-- reported too (its state has no TTL either).
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
ON CONFLICT DO NOTHING;
