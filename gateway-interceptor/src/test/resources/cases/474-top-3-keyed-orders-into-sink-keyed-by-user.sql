-- expect: BLOCK on-conflict-required
-- expect-absent: unbounded-rank
-- expect-fix: write rn and add it to the sink's primary key
-- expect-fix: filter rn = 1
-- expect-fix-absent: Or end the INSERT with one of
-- The top 3 orders per user, over orders declaring a key order_id, written into a sink keyed by user_id alone.
-- Flink derives no upsert key the sink's contains (it names none): Flink 2.3 asks for an ON CONFLICT clause. For
-- a Top-N no clause is a fix: DO DEDUPLICATE keeps the row that arrived last, DO NOTHING the first, not the top
-- one (issue 30 section 1). The fix says so and names the sink key or rn = 1; before, it went on to offer the
-- three ON CONFLICT clauses. On Flink 1.20 (no ON CONFLICT) it plans with an upsert materializer: OK.
SET 'table.exec.state.ttl' = '1 d';

CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  PRIMARY KEY (order_id) NOT ENFORCED
) WITH ('connector' = 'datagen');

CREATE TABLE top_orders (
  user_id STRING,
  order_id STRING,
  amount DOUBLE,
  PRIMARY KEY (user_id) NOT ENFORCED
) WITH ('connector' = 'blackhole');

INSERT INTO top_orders
SELECT user_id, order_id, amount
FROM (
  SELECT user_id, order_id, amount,
         ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC) AS rn
  FROM orders
)
WHERE rn <= 3;
