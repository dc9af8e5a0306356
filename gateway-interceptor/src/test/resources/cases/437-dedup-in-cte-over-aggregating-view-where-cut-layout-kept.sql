-- expect: BLOCK unbounded-rank dedup-not-recognized stateful-without-ttl
-- expect-rewrite: ranking-dropped
-- Issue 30, "splice only what changes": case 346's redundant Top-1 over an aggregating view (one row per user
-- already), its filter written in parentheses on a line of its own after a comment. The ranking-dropped rewrite cuts
-- the ROW_NUMBER item and the WHERE clause; the clause is cut from its keyword to its closing parenthesis (Flink's
-- tokens: a condition's parser position leaves its parentheses out), and the comment before it stays. Before, the
-- WHERE clause gone lifted the splice to the whole outer block.
CREATE TABLE orders (
  order_id STRING,
  user_id STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TEMPORARY VIEW user_last_order AS
SELECT user_id, MAX(order_time) AS last_time, SUM(amount) AS total FROM orders GROUP BY user_id;

WITH ranked AS (
  SELECT user_id, total, last_time,
         ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY last_time DESC) AS rn
  FROM user_last_order
)
SELECT user_id,
       total
FROM ranked
-- the latest row per user
WHERE (rn = 1);
