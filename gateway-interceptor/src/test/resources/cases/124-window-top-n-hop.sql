-- expect: WARN global-rank
-- expect-absent: unbounded-rank
-- Window Top-N on a sliding window: WindowRank, no state kept past the window. Partitioned by the window alone, it runs
-- behind Exchange(distribution=[single]): one task reads every order (global-rank, as case 929; was OK before round 63).
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  pt AS PROCTIME(),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT * FROM (
  SELECT window_start, window_end, user_id, amount,
         ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY amount DESC) AS rn
  FROM TABLE(HOP(TABLE orders, DESCRIPTOR(order_time), INTERVAL '1' MINUTE, INTERVAL '5' MINUTES))
) WHERE rn <= 3;
