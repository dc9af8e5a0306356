-- expect: BLOCK unbounded-rank
-- expect-rewrite: session-state-ttl
-- Top-3 orders per user over a regular join whose hint keeps both inputs 90 d. The session TTL rewrite gives
-- the Rank 1 d while the join keeps 90 d: a user idle for a day is ranked anew while the join still holds the
-- user's rows, so rows the Rank already emitted can be emitted again. The changes line says so.
CREATE TABLE orders (order_id STRING, user_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE users (user_id STRING, region STRING) WITH ('connector' = 'datagen');

SELECT user_id, region, order_id, amount
FROM (
  SELECT user_id, region, order_id, amount,
         ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC) AS rn
  FROM (
    SELECT /*+ STATE_TTL('o' = '90 d', 'u' = '90 d') */ o.user_id, u.region, o.order_id, o.amount
    FROM orders o JOIN users u ON o.user_id = u.user_id
  )
)
WHERE rn <= 3;
