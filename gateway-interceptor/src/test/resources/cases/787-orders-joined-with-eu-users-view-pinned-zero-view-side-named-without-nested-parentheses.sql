-- expect: WARN stateful-without-ttl
-- expect-reason: (left: orders, right: the view eu_users over users)
-- expect-reason: a STATE_TTL hint pins the right side's state (the view eu_users over users) to never expire
-- expect-reason-absent: (a view over
-- Orders joined with a view of EU users, the view's side pinned by STATE_TTL('eu_users' = '0') on the statement's join;
-- no session TTL. The view's side was named "eu_users (a view over users)", a parenthesis inside the reason's own:
-- it reads "the view eu_users over users".
CREATE TABLE orders (order_id STRING, user_id STRING) WITH ('connector' = 'datagen');

CREATE TABLE users (user_id STRING, region STRING) WITH ('connector' = 'datagen');

CREATE TEMPORARY VIEW eu_users AS SELECT user_id, region FROM users WHERE region = 'eu';

SELECT /*+ STATE_TTL('eu_users' = '0') */ o.order_id, eu_users.region
FROM orders o
JOIN eu_users ON o.user_id = eu_users.user_id;
