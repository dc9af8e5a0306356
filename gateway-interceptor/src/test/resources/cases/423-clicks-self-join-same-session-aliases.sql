-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-reason: (left: clicks AS a, right: clicks AS b) on a.session_id = b.session_id
-- expect-fix: STATE_TTL('a' = '1 d', 'b' = '1 d')
-- expect-fix-absent: 'a' = '1 d', 'a'
-- expect-fix-absent: a lookup join
-- A self-join: both sides read clicks, which the statement names twice (a, b). The plan's scans carry no alias,
-- and the first alias was given to both sides ("on a.session_id = a.session_id", STATE_TTL('a' = '1 d', 'a' =
-- '1 d'), a hint naming one input twice); the FROM's own join tells them apart. Nor is clicks to be offered as a
-- dimension table of a lookup join against itself: the table the stream comes from is no lookup source's.
CREATE TABLE clicks (
  session_id STRING,
  url STRING,
  click_time TIMESTAMP(3)
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT a.url AS from_url, b.url AS to_url
FROM clicks AS a
JOIN clicks AS b ON a.session_id = b.session_id
WHERE a.url <> b.url;
