-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-reason: a STATE_TTL hint pins the left side's state (orders) to never expire (STATE_TTL('o' = '0'), the user's choice
-- expect-reason: while the right side's state (users) never expires as well: the state TTL is 0
-- expect-fix: /*+ STATE_TTL('o' = '1 d', 'u' = '1 d') */
-- expect-fix: or change only the pin, /*+ STATE_TTL('o' = '1 d') */, and give the other side the session's TTL: SET 'table.exec.state.ttl' = '1 d'
-- expect-fix-absent: Bound the join's state with a TTL longer than a row must wait for its match: SET
-- Orders joined with users, the orders side pinned by the user's STATE_TTL('o' = '0'), no session TTL. Both sides
-- read 0 ms in the compiled plan, and the finding said "the state TTL is 0 ... both sides' state grows forever" with
-- a SET as its fix, which cannot reach the side the hint names. The plan compiled once more under a TTL keeps the
-- left state at 0 ms (the pin) and gives the right one the TTL (the session's, which no hint names): the finding
-- says which side the user pinned and why the other grows, and its fix changes the pin and bounds the other side.
CREATE TABLE orders (order_id STRING, user_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE users (user_id STRING, region STRING) WITH ('connector' = 'datagen');

SELECT /*+ STATE_TTL('o' = '0') */ o.order_id, u.region, o.amount
FROM orders o
JOIN users u ON o.user_id = u.user_id;
