-- expect: BLOCK unbounded-rank
-- Flink's DeduplicateTest#testInvalidChangelogInput (apache/flink, flink-table-planner's plan/stream/sql/): the
-- latest row per b by ts, over a table whose source emits every change (a CDC table, here mysql-cdc through lint's
-- stand-in, as the test's 'values' table with 'changelog-mode' = 'I,UA,UB,D'). Flink plans a Rank (RetractStrategy),
-- not a Deduplicate. The fix proposed a window Top-N over TABLE(TUMBLE(TABLE cdc, ...)), which Flink refuses
-- ("StreamPhysicalWindowDeduplicate doesn't support consuming update and delete changes"); it now says why none is
-- offered.
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
  SELECT a, ROW_NUMBER() OVER (PARTITION BY b ORDER BY ts DESC) AS rank_num
  FROM cdc)
WHERE rank_num = 1;
