-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-reason: keeps an accumulator per event_day, user_id
-- expect-reason: (COUNT(DISTINCT user_id) keeps one value per entry: it reads grouping keys alone), so the state grows as long as new event_day, user_id values arrive.
-- expect-reason-absent: however few the keys
-- expect-reason-absent: each holding every distinct value
-- COUNT(DISTINCT user_id) of a GROUP BY that holds user_id too (a count meant per day, grouped per user as well):
-- each key sees one user_id, so the DISTINCT call keeps one value per key and the state grows with the keys alone.
-- Before: "each holding every distinct value of COUNT(DISTINCT user_id) seen for it, so the state grows as long as
-- new ... values or new distinct values arrive, however few the keys", read from the call's text without its
-- argument; now from the compiled plan's argList beside the grouping. The hint's changes: line says what a TTL does
-- to that one value (golden 909).
CREATE TABLE page_views (
  user_id BIGINT,
  event_day STRING,
  url STRING
) WITH ('connector' = 'datagen');

CREATE TABLE daily_users (
  event_day STRING,
  user_id BIGINT,
  users BIGINT
) WITH ('connector' = 'blackhole');

INSERT INTO daily_users
SELECT event_day, user_id, COUNT(DISTINCT user_id)
FROM page_views
GROUP BY event_day, user_id;
