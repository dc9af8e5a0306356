-- expect: BLOCK sort-non-time
-- expect-reason: This ORDER BY starts with c.proc_time DESC, descending
-- expect-fix: ORDER BY c.proc_time DESC, c.user_id LIMIT n ranks the rows by c.user_id alone, among every row read
-- expect-fix-absent: which keeps those n rows, updated as rows arrive
-- Newest clicks first by arrival, then by user: ORDER BY c.proc_time DESC, c.user_id on a processing-time attribute,
-- qualified by the table's alias. The same refusal as an event-time DESC: the reason names the descending first key.
-- The fix does not offer the Top-N of this order as the newest rows: the session's catalog says c.proc_time is a
-- PROCTIME() column, on which every row ties in a ranking, so that Top-N ranks by c.user_id alone (run on Flink 2.3.0
-- and 1.20.0); the bounded-sort rewrite's changes: says so (golden 536).
CREATE TABLE clicks (
  user_id STRING,
  url STRING,
  proc_time AS PROCTIME()
) WITH ('connector' = 'datagen');

SELECT c.user_id, c.url, c.proc_time FROM clicks AS c ORDER BY c.proc_time DESC, c.user_id;
