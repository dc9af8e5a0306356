-- expect: WARN stateful-without-ttl
-- expect-reason: a STATE_TTL hint pins the right side's state (the subquery s over sessions) to never expire
-- expect-reason: (STATE_TTL('s' = '0'), the user's choice
-- expect-reason: while the left side's state (clicks) never expires as well
-- expect-reason-absent: rows, and the state TTL is 0
-- expect-fix: Give the side the hint pins (the subquery s over sessions: STATE_TTL('s' = '0'))
-- expect-fix: /*+ STATE_TTL('c' = '1 d', 's' = '1 d') */
-- expect-fix: or change only the pin, /*+ STATE_TTL('s' = '1 d') */
-- Clicks LEFT JOINed with EU sessions read through an aliased subquery that the user pinned with STATE_TTL('s' = '0'),
-- no session TTL: the pinned side is the right one, named by the subquery's alias. The finding names that side as
-- pinned by the user and the clicks side as the one no TTL reaches.
-- The side's name carried its own parenthesis inside the reason's ("(s (a subquery over sessions))"): the
-- subquery is named "the subquery s over sessions".
CREATE TABLE clicks (session_id STRING, url STRING) WITH ('connector' = 'datagen');

CREATE TABLE sessions (session_id STRING, user_id STRING, region STRING) WITH ('connector' = 'datagen');

SELECT /*+ STATE_TTL('s' = '0') */ c.url, s.user_id
FROM clicks c
LEFT JOIN (SELECT session_id, user_id FROM sessions WHERE region = 'eu') s ON c.session_id = s.session_id;
