-- expect: WARN stateful-without-ttl
-- expect-reason: (STATE_TTL('k' = '0'), the user's choice
-- expect-reason: (STATE_TTL('o' = '0'), the user's choice
-- expect-fix: in place of the '0' of its STATE_TTL hint: STATE_TTL('k' = '1 d')
-- expect-fix: in place of the '0' of its STATE_TTL hint: STATE_TTL('o' = '1 d')
-- expect-reason-absent: a hint of '0'
-- Clicks and orders counted per user in two SELECTs of one UNION ALL, each aggregation pinned at '0' by its own hint.
-- Each finding said "a hint of '0'" and its fix "the STATE_TTL hint that pins it", naming neither: each names the
-- option that pins its aggregation.
CREATE TABLE clicks (user_id STRING, url STRING) WITH ('connector' = 'datagen');

CREATE TABLE orders (user_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');

SELECT /*+ STATE_TTL('k' = '0') */ k.user_id, COUNT(*) AS events
FROM clicks k
GROUP BY k.user_id
UNION ALL
SELECT /*+ STATE_TTL('o' = '0') */ o.user_id, COUNT(*) AS events
FROM orders o
GROUP BY o.user_id;
