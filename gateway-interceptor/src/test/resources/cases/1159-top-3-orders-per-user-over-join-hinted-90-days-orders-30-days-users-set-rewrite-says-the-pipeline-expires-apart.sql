-- expect: BLOCK unbounded-rank
-- expect-rewrite: session-state-ttl
-- Top-3 orders per user over a regular join whose hint keeps orders 90 d and users 30 d: the user's per-input TTLs.
-- Any session TTL leaves the Rank and one of the join's inputs expiring at different times, and a user whose row the
-- join forgot and that comes again is joined and ranked anew while the Rank still holds the old rows (duplicates).
-- The SET rewrite keeps both hint values as written, and its changes: line names the Rank's TTL and each input's of
-- the join, once each (issue 30 §1; 272 is the shape with one TTL for both inputs, where the SET takes it).
CREATE TABLE orders (order_id STRING, user_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE users (user_id STRING, region STRING) WITH ('connector' = 'datagen');

SELECT user_id, region, order_id, amount
FROM (
  SELECT user_id, region, order_id, amount,
         ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC) AS rn
  FROM (
    SELECT /*+ STATE_TTL('o' = '90 d', 'u' = '30 d') */ o.user_id, u.region, o.order_id, o.amount
    FROM orders o JOIN users u ON o.user_id = u.user_id
  )
)
WHERE rn <= 3;
