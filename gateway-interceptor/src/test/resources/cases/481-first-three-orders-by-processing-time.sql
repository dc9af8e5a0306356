-- expect: BLOCK unbounded-rank
-- expect-rewrite: session-state-ttl
-- Each customer's first three orders by processing time, written into a sink: one ascending PROCTIME key over
-- an append-only input is Flink's AppendOnlyFirstNFunction (StreamExecRank), whose state is one value per key
-- (the count of rows kept), so the session TTL's changes: line has no clause about rows expiring each on its
-- own (the clause case 480 gets for the same Top-N by event time).
CREATE TABLE orders (
  order_id STRING,
  customer_id STRING,
  amount DECIMAL(10, 2),
  pt AS PROCTIME()
) WITH ('connector' = 'datagen');

CREATE TABLE first_orders (
  customer_id STRING,
  order_id STRING
) WITH ('connector' = 'blackhole');

INSERT INTO first_orders
SELECT customer_id, order_id
FROM (
  SELECT customer_id, order_id,
         ROW_NUMBER() OVER (PARTITION BY customer_id ORDER BY pt ASC) AS rn
  FROM orders
)
WHERE rn <= 3;
