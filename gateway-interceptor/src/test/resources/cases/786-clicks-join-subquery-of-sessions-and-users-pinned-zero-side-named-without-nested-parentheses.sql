-- expect: WARN stateful-without-ttl
-- expect-reason: (left: clicks, right: the subquery s over sessions and users)
-- expect-reason: a STATE_TTL hint pins the right side's state (the subquery s over sessions and users) to never expire
-- expect-reason-absent: (a subquery over
-- expect-fix: Give the side the hint pins (the subquery s over sessions and users: STATE_TTL('s' = '0'))
-- Clicks joined with a subquery s that joins sessions with users, pinned by STATE_TTL('s' = '0') on the outer join;
-- no session TTL. The subquery's side was named "s (a subquery over sessions, users)", a parenthesis inside the
-- reason's own, its tables listed with a comma inside the comma-separated sides: it reads "the subquery s over sessions
-- and users".
CREATE TABLE clicks (session_id STRING, url STRING) WITH ('connector' = 'datagen');

CREATE TABLE sessions (session_id STRING, user_id STRING) WITH ('connector' = 'datagen');

CREATE TABLE users (user_id STRING, country STRING) WITH ('connector' = 'datagen');

SELECT /*+ STATE_TTL('s' = '0') */ c.url, s.country
FROM clicks c
JOIN (SELECT se.session_id, u.country FROM sessions se JOIN users u ON se.user_id = u.user_id) s
  ON c.session_id = s.session_id;
