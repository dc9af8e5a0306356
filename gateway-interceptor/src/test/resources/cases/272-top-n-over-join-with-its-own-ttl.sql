-- expect: BLOCK unbounded-rank
-- expect-rewrite: session-state-ttl
-- expect-fix: SET 'table.exec.state.ttl' = '90 d'
-- Top-3 orders per user over a regular join whose hint keeps both inputs 90 d. A session TTL of 1 d would give
-- the Rank 1 d while the join keeps 90 d: a user idle for a day would be ranked anew while the join still holds
-- the user's rows, and rows the Rank already emitted emitted again. The fix and the session TTL rewrite give the
-- Rank the join's 90 d (the compiled plan's leftState and rightState), so no such mix is left to say.
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
