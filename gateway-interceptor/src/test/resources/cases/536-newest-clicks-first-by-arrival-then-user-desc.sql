-- expect: BLOCK sort-non-time
-- expect-reason: This ORDER BY starts with c.proc_time DESC, descending
-- expect-fix: ORDER BY c.proc_time DESC LIMIT n
-- Newest clicks first by arrival, then by user: ORDER BY c.proc_time DESC, c.user_id on a processing-time attribute,
-- qualified by the table's alias. The same refusal as an event-time DESC: the reason names the descending first key.
CREATE TABLE clicks (
  user_id STRING,
  url STRING,
  proc_time AS PROCTIME()
) WITH ('connector' = 'datagen');

SELECT c.user_id, c.url, c.proc_time FROM clicks AS c ORDER BY c.proc_time DESC, c.user_id;
