-- expect: WARN stateful-without-ttl
-- expect-reason: a STATE_TTL hint pins the left side's state (orders) to never expire (STATE_TTL('o' = '0'), the user's choice
-- expect-reason: while the right side's state expires after 90 d, so the left side's state grows forever
-- expect-reason-absent: both sides' state grows forever
-- expect-fix: /*+ STATE_TTL('o' = '1 d', 'u' = '90 d') */
-- expect-fix-absent: 'u' = '1 d'
-- A regular join whose hint pins the orders side to '0' and gives users 90 d: only the orders side grows
-- forever (compiled plan: leftState 0 ms, rightState 90 d). The message says which side, not "both sides",
-- and a SET cannot reach the side the hint pins. The plan compiled once more under a TTL keeps the orders side at 0 ms:
-- the user's pin, which the finding names as the cause (r58).
CREATE TABLE orders (order_id STRING, user_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE users (user_id STRING, region STRING) WITH ('connector' = 'datagen');

SELECT /*+ STATE_TTL('o' = '0', 'u' = '90 d') */ o.order_id, u.region, o.amount
FROM orders o
JOIN users u ON o.user_id = u.user_id;
