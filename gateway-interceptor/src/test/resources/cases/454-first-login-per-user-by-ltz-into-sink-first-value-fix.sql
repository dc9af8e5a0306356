-- expect: BLOCK unbounded-rank dedup-not-recognized
-- expect-fix: FIRST_VALUE
-- expect-fix-absent: LAST_VALUE
-- The first login per user (ORDER BY logged_in ASC, rn = 1), written into a sink, ordered by a TIMESTAMP_LTZ column
-- that is not a time attribute. dedup-not-recognized's fix offers, besides the watermark, the GROUP BY the query
-- can be written as without ordering: FIRST_VALUE of each column, the first value of a key, as the query keeps the
-- first row; LAST_VALUE, which it offered for every Top-1, keeps the latest and means the opposite here. On Flink
-- 1.20, whose FIRST_VALUE takes no TIMESTAMP_LTZ, the fix says that GROUP BY with FIRST_VALUE is no way here (its
-- golden file on each line holds the whole text).
CREATE TABLE logins (
  user_id STRING,
  device STRING,
  logged_in TIMESTAMP_LTZ(3)
) WITH ('connector' = 'datagen');

CREATE TABLE first_logins (
  user_id STRING,
  device STRING,
  logged_in TIMESTAMP_LTZ(3),
  PRIMARY KEY (user_id) NOT ENFORCED
) WITH ('connector' = 'blackhole');

INSERT INTO first_logins
SELECT user_id, device, logged_in
FROM (
  SELECT user_id, device, logged_in,
         ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY logged_in ASC) AS rn
  FROM logins
)
WHERE rn = 1;
