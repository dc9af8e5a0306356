-- expect: INFO ttl-bare-number
-- expect-rewrite: ttl-unit
-- expect-absent: stateful-without-ttl
-- A STATE_TTL hint of '3600000' (the hour meant, in ms) on a count per user: advised to carry its unit, and the
-- rewrite writes the hint's value as '1 h' (the aggregation's TTL unchanged).
CREATE TABLE clicks (
  user_id STRING,
  url STRING
) WITH ('connector' = 'datagen');

SELECT /*+ STATE_TTL('clicks' = '3600000') */ user_id, COUNT(*) AS n FROM clicks GROUP BY user_id;
