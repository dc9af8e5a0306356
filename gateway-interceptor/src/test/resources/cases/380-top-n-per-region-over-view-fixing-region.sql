-- expect: WARN global-rank
-- expect-absent: unbounded-rank
-- expect-reason: partitioned by region (fixed to 'EU' by the plan: one partition)
-- expect-reason: its state cannot grow
-- expect-rewrite: window-top-n
-- The three largest EU orders so far, ranked PARTITION BY region over a view that keeps region = 'EU' only. Flink's
-- planner reduces the key to the literal (CAST('EU' AS VARCHAR(2147483647)) in the Calc below the Rank): every
-- row has the same key, so this Top-N has one partition over an append-only input, and AppendOnlyTopNFunction keeps
-- at most 3 rows, exactly as ROW_NUMBER() OVER (ORDER BY amount DESC) (partitionBy=[], shared case 40). One verdict
-- for both: global-rank (one parallel instance), not unbounded-rank.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  region STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TEMPORARY VIEW eu_orders AS SELECT * FROM orders WHERE region = 'EU';

SELECT order_id, amount FROM (
  SELECT order_id, amount, ROW_NUMBER() OVER (PARTITION BY region ORDER BY amount DESC) AS rn
  FROM eu_orders
) WHERE rn <= 3;
