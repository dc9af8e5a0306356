-- expect: BLOCK on-conflict-required
-- expect-fix: key the sink by them, PRIMARY KEY (user_id, shop) NOT ENFORCED
-- expect-fix: partition the ranking by the sink's key (PARTITION BY user_id)
-- expect-fix-absent: The query is a Top-N
-- expect-fix-absent: filter rn = 1
-- The top order per user and shop (rn = 1), over orders declaring a key order_id, written into a sink keyed by
-- user_id alone. The Top-1's upsert key is its partition key [user_id, shop] (Flink drops the constant rn from the
-- Rank), not the sink's. Before, the fix called it a Top-N and told the user to filter rn = 1, which the query does;
-- the fix is the sink keyed by the partition columns, or the ranking partitioned by the sink's key. On Flink 1.20 (no
-- ON CONFLICT) it plans with an upsert materializer: OK.
SET 'table.exec.state.ttl' = '1 d';

CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  shop STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  PRIMARY KEY (order_id) NOT ENFORCED
) WITH ('connector' = 'datagen');

CREATE TABLE top_orders (
  user_id STRING,
  shop STRING,
  order_id STRING,
  amount DOUBLE,
  PRIMARY KEY (user_id) NOT ENFORCED
) WITH ('connector' = 'blackhole');

INSERT INTO top_orders
SELECT user_id, shop, order_id, amount
FROM (
  SELECT user_id, shop, order_id, amount,
         ROW_NUMBER() OVER (PARTITION BY user_id, shop ORDER BY amount DESC) AS rn
  FROM orders
)
WHERE rn = 1;
