-- expect: BLOCK unbounded-rank dedup-not-recognized stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-fix: drop the ROW_NUMBER and its filter
-- Case 346's redundant Top-1, but the outer SELECT * returns the row number itself: dropping the ranking would drop
-- the rn column the statement returns (the ranking-dropped rewrite is planned and its columns differ, so it is not
-- shown: its golden file pins that); the fix still says the ranking can go, by hand.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT *
FROM (
  SELECT user_id, total, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY last_time DESC) AS rn
  FROM (SELECT user_id, SUM(amount) AS total, MAX(order_time) AS last_time FROM orders GROUP BY user_id) AS t
)
WHERE rn = 1;
