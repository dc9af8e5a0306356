-- expect: WARN stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- expect-reason: the last rows of its frame (ROWS BETWEEN 5 PRECEDING AND CURRENT ROW) and their accumulator
-- expect-reason: (the frame bounds the rows per key, not the keys)
-- expect-fix: its frame starts over from its next row
-- expect-fix: OVER (PARTITION BY user_id ORDER BY proc_time RANGE BETWEEN INTERVAL '5' MINUTE PRECEDING AND CURRENT ROW)
-- expect-fix-absent: a bounded ROWS frame does not
-- A moving count over a user's last six clicks by processing time (ProcTimeRowsBoundedPrecedingFunction): the
-- frame bounds the rows kept per user_id to six, but every user_id ever seen keeps them, with the accumulator
-- and two counters, until a state TTL frees them. Flink computes the PROCTIME() column the query does not select
-- without its name ($2 in the plan): the fix takes proc_time from the statement's own OVER clause.
CREATE TABLE clicks (
  user_id BIGINT,
  url STRING,
  proc_time AS PROCTIME()
) WITH ('connector' = 'datagen');

SELECT user_id, url,
  COUNT(url) OVER (PARTITION BY user_id ORDER BY proc_time ROWS BETWEEN 5 PRECEDING AND CURRENT ROW) AS recent_clicks
FROM clicks;
