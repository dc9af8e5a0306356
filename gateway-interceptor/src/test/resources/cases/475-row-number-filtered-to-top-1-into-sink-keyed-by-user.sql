-- expect: OK
-- Case 472 with the fix its finding names: the row number per user filtered to rn = 1 in the query that reads it.
-- Flink plans a Top-1 (a Rank with rankRange 1..1, the constant rn dropped from it by
-- ConstantRankNumberColumnRemoveRule) whose upsert key is its partition key user_id: the sink's primary key, so no
-- ON CONFLICT clause and no upsert materializer is needed.
SET 'table.exec.state.ttl' = '1 d';

CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  PRIMARY KEY (order_id) NOT ENFORCED
) WITH ('connector' = 'datagen');

CREATE TABLE numbered_orders (
  user_id STRING,
  order_id STRING,
  amount DOUBLE,
  rn BIGINT,
  PRIMARY KEY (user_id) NOT ENFORCED
) WITH ('connector' = 'blackhole');

INSERT INTO numbered_orders
SELECT user_id, order_id, amount, rn
FROM (
  SELECT user_id, order_id, amount,
         ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC) AS rn
  FROM orders
)
WHERE rn = 1;
