-- expect: WARN stateful-without-ttl
-- expect-reason: keeps an accumulator per `user`, `timestamp` and
-- expect-reason-absent: per user, timestamp
-- expect-fix: longer than a key (`user`, `timestamp`) stays active
-- Readings counted per user and timestamp, both columns named by reserved words: the reason said "an accumulator
-- per user, timestamp", the names bare where the rest of the guard writes them as SQL (case 627). The prose quotes
-- them; the rewrite's hint and GROUP BY stay the statement's own.
CREATE TABLE readings (
  `user` STRING,
  `value` DOUBLE,
  `timestamp` TIMESTAMP(3)
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT `user`, `timestamp`, COUNT(*) AS c
FROM readings
GROUP BY `user`, `timestamp`;
