-- expect: BLOCK unbounded-rank
-- expect-rewrite: session-state-ttl
-- Each customer's first three orders by event time, written into a sink. Over an append-only input Flink runs
-- an ascending Top-N by a rowtime key with AppendOnlyTopNFunction, which keeps each ORDER BY value's rows as a
-- state entry of its own (StreamExecRank picks AppendOnlyFirstNFunction, one value per key, only for one
-- ascending PROCTIME key): the session TTL's changes: line says that a row staying in the top three expires on
-- its own.
CREATE TABLE orders (
  order_id STRING,
  customer_id STRING,
  amount DECIMAL(10, 2),
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE first_orders (
  customer_id STRING,
  order_id STRING,
  order_time TIMESTAMP(3)
) WITH ('connector' = 'blackhole');

INSERT INTO first_orders
SELECT customer_id, order_id, order_time
FROM (
  SELECT customer_id, order_id, order_time,
         ROW_NUMBER() OVER (PARTITION BY customer_id ORDER BY order_time ASC) AS rn
  FROM orders
)
WHERE rn <= 3;
