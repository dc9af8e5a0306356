-- expect: INFO stateful-without-ttl
-- expect-reason: keeps one row per `user` and
-- expect-reason-absent: keeps one row per user and
-- The latest reading per user by processing time (a Deduplicate), the key a reserved word: the reason named it bare.
CREATE TABLE readings (
  `user` STRING,
  `value` DOUBLE,
  proc_time AS PROCTIME()
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT `user`, `value`
FROM (
  SELECT `user`, `value`,
    ROW_NUMBER() OVER (PARTITION BY `user` ORDER BY proc_time DESC) AS rn
  FROM readings)
WHERE rn = 1;
