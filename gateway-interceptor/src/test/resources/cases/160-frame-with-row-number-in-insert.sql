-- expect: BLOCK frame-with-row-number
-- expect-rewrite: frame-removed
-- A frame clause on ROW_NUMBER inside an INSERT: Flink's reason ('ROW/RANGE not allowed with RANK, DENSE_RANK or
-- ROW_NUMBER functions') sits below 'SQL validation failed' and Calcite's position context; the diagnosis reads the
-- whole chain to it.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  pt AS PROCTIME(),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE top_orders (order_id STRING, user_id STRING, amount DOUBLE) WITH ('connector' = 'blackhole');

INSERT INTO top_orders
SELECT order_id, user_id, amount FROM (
  SELECT order_id, user_id, amount,
         ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC
                            ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS rn
  FROM orders
) WHERE rn <= 3;
