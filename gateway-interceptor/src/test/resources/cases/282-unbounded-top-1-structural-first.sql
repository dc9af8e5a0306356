-- expect: BLOCK unbounded-rank dedup-not-recognized
-- expect-rewrite: watermark session-state-ttl
-- The latest login per user by a plain TIMESTAMP(3) (no WATERMARK): BLOCK unbounded-rank. The first rewrite
-- under the BLOCK is the structural one, the table's WATERMARK (a Deduplicate), before the session TTL,
-- which only forgets users idle for a day.
CREATE TABLE logins (
  user_id STRING,
  device STRING,
  login_time TIMESTAMP(3)
) WITH ('connector' = 'datagen');

SELECT user_id, device, login_time
FROM (
  SELECT user_id, device, login_time,
         ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY login_time DESC) AS rn
  FROM logins
) WHERE rn = 1;
