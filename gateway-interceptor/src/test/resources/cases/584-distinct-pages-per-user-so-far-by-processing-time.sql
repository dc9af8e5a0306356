-- expect: WARN stateful-without-ttl
-- expect-reason: each holding every distinct value of COUNT(DISTINCT url) seen for it
-- expect-reason: partitioned by user_id and ordered by proc_time
-- A running count of the distinct pages a user has seen (COUNT(DISTINCT url) OVER, by processing time): its
-- accumulator keeps every distinct url per user_id, so the state grows with the values too, not only the keys.
CREATE TABLE clicks (
  user_id BIGINT,
  url STRING,
  proc_time AS PROCTIME()
) WITH ('connector' = 'datagen');

SELECT user_id, url, COUNT(DISTINCT url) OVER (PARTITION BY user_id ORDER BY proc_time) AS pages_so_far
FROM clicks;
