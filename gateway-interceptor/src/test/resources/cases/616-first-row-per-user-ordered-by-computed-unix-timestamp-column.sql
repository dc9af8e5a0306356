-- expect: BLOCK unbounded-rank
-- expect-fix: Order by a PROCTIME() column in place of server_timestamp (server_timestamp is the wall clock when the row is read, UNIX_TIMESTAMP(), which is no time attribute; a column AS PROCTIME() in source_table's DDL is that time as one), so that Flink plans this Top-1 as a Deduplicate
-- expect-fix: GROUP BY user_id with MIN(server_timestamp)
-- expect-fix-absent: UNIX_TIMESTAMP())
-- The first row per user ordered by a computed column server_timestamp AS UNIX_TIMESTAMP() (flink-study's
-- RowNumberOrderByUnixTimestampTest): a Top-1 over a BIGINT that is no time attribute, so Flink plans a Rank that
-- keeps a row per user forever. The plan orders the Rank by the inlined expression (orderBy=[UNIX_TIMESTAMP() ASC]),
-- and the fix proposed MIN(UNIX_TIMESTAMP()), the current time, not the column: it now names server_timestamp, and
-- offers first what the column means, the time the row is read: a PROCTIME() column, on which Flink plans the Top-1
-- as a Deduplicate.
CREATE TABLE source_table (
  user_id BIGINT,
  name STRING,
  server_timestamp AS UNIX_TIMESTAMP()
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE sink_table (
  user_id BIGINT,
  name STRING,
  rn BIGINT
) WITH ('connector' = 'blackhole');

INSERT INTO sink_table
SELECT user_id, name, rn
FROM (
  SELECT user_id, name,
    ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY server_timestamp) AS rn
  FROM source_table)
WHERE rn = 1;
