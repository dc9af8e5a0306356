-- expect: WARN stateful-without-ttl
-- refused-setup: ttl-too-short
-- The SET of a bare '24' is refused (24 ms), so it does not apply: the GROUP BY after it runs with
-- the session's TTL of 0, and its finding says that the SET was refused (RefusedSets).
SET 'table.exec.state.ttl' = '24';

CREATE TABLE clicks (
  user_id STRING,
  url STRING
) WITH ('connector' = 'datagen');

SELECT user_id, COUNT(url) AS clicks FROM clicks GROUP BY user_id;
