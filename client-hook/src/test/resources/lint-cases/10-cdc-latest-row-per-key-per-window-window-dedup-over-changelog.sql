-- expect: BLOCK updates-into-append-only
-- The latest row per b in each 5-minute window, over a table whose source emits every change (mysql-cdc through
-- lint's stand-in): Flink refuses it ("StreamPhysicalWindowDeduplicate doesn't support consuming update and delete
-- changes which is produced by node TableSourceScan"). The fix said to "apply the WindowDeduplicate to the
-- insert-only rows before the source", where nothing runs before a source; it now says what does change it: a
-- source of inserts only, or the non-window Top-1, which Flink plans over updates.
CREATE TEMPORARY TABLE cdc (
  a INT,
  b BIGINT,
  ts TIMESTAMP_LTZ(3),
  PRIMARY KEY (a) NOT ENFORCED,
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH ('connector' = 'mysql-cdc', 'hostname' = 'mysql', 'database-name' = 'app', 'table-name' = 'cdc',
        'username' = 'flink', 'password' = 'flink');

SELECT *
FROM (
  SELECT a, ROW_NUMBER() OVER (PARTITION BY window_start, window_end, b ORDER BY ts DESC) AS rank_num
  FROM TABLE(TUMBLE(TABLE cdc, DESCRIPTOR(ts), INTERVAL '5' MINUTE)))
WHERE rank_num = 1;
