-- expect: OK
-- expect-absent: stateful-without-ttl
-- A running count per user by processing time (ProcTimeUnboundedPrecedingFunction, whose accumulator takes the
-- session's TTL as a state TTL) with table.exec.state.ttl set: the state expires, no finding.
SET 'table.exec.state.ttl' = '1 d';

CREATE TABLE clicks (
  user_id BIGINT,
  url STRING,
  proc_time AS PROCTIME()
) WITH ('connector' = 'datagen');

SELECT user_id, url, COUNT(*) OVER (PARTITION BY user_id ORDER BY proc_time) AS clicks_so_far
FROM clicks;
