-- expect: OK
-- expect-absent: stateful-without-ttl
-- execution-config: table.exec.state.ttl=12 h
-- The statement's own execution config sets the TTL (not the session): the OVER takes it, as every route's
-- configuration reaches table.exec.state.ttl. No finding.
CREATE TABLE clicks (
  user_id BIGINT,
  url STRING,
  proc_time AS PROCTIME()
) WITH ('connector' = 'datagen');

SELECT user_id, url, COUNT(*) OVER (PARTITION BY user_id ORDER BY proc_time) AS clicks_so_far
FROM clicks;
