-- expect: WARN global-rank
-- expect-absent: stateful-without-ttl
-- The latest row of the whole stream (ROW_NUMBER() with no PARTITION BY, ordered by processing time, over a
-- view): Flink plans a Deduplicate keyed by nothing, one key for all rows, whose state is the one row it keeps.
-- It cannot grow, so it needs no TTL; it was reported as keeping "one row per input" and growing "with the number
-- of distinct input" (Flink's DeduplicateTest#testSimpleLastRowOnBuiltinProctime has this shape). It runs on one
-- task behind a single exchange: global-rank (WARN), as a Rank with no PARTITION BY (cases 662-664).
CREATE TABLE settings (
  name STRING,
  setting_value STRING
) WITH ('connector' = 'datagen', 'rows-per-second' = '1');

CREATE TEMPORARY VIEW named_settings AS SELECT name, setting_value FROM settings WHERE name IS NOT NULL;

SELECT name, setting_value FROM (
  SELECT name, setting_value, ROW_NUMBER() OVER (ORDER BY PROCTIME() DESC) AS latest
  FROM named_settings
) WHERE latest = 1;
