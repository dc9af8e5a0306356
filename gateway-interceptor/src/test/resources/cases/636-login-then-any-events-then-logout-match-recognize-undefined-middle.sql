-- expect: WARN match-without-within
-- expect-reason: PATTERN (L E* O) and no WITHIN
-- expect-reason: (E has no DEFINE, so every row satisfies it)
-- expect-fix: write WITHIN INTERVAL '1' HOUR after PATTERN (L E* O)
-- A session per user: a login, any events, a logout. The middle variable E has no DEFINE, so every row satisfies
-- it, and a user who never logs out keeps one partial match that takes every row of theirs, forever. The reason
-- says so for E alone (a pattern whose unbounded variables all have a DEFINE, case 603, does not).
CREATE TABLE user_events (
  user_id STRING,
  kind STRING,
  event_time TIMESTAMP(3),
  WATERMARK FOR event_time AS event_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT * FROM user_events
  MATCH_RECOGNIZE (
    PARTITION BY user_id
    ORDER BY event_time
    MEASURES L.event_time AS login_time, O.event_time AS logout_time, COUNT(E.kind) AS events
    ONE ROW PER MATCH
    AFTER MATCH SKIP PAST LAST ROW
    PATTERN (L E* O)
    DEFINE
      L AS L.kind = 'login',
      O AS O.kind = 'logout'
  ) AS s;
