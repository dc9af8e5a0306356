-- expect: BLOCK updates-into-append-only
-- expect-fix: PRIMARY KEY (user_id) NOT ENFORCED
-- expect-fix: aggregate per window
-- A running count per user written into a filesystem table: the aggregation updates each user's count, which an
-- append-only sink cannot take ("... doesn't support consuming update changes which is produced by node
-- GroupAggregate(groupBy=[user_id], ...)"). The fix names the grouping key for the sink's PRIMARY KEY.
CREATE TABLE page_views (
  user_id STRING,
  url STRING,
  view_time TIMESTAMP(3),
  WATERMARK FOR view_time AS view_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE views_per_user (
  user_id STRING,
  view_count BIGINT
) WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-540', 'format' = 'csv');

INSERT INTO views_per_user
SELECT user_id, COUNT(*) AS view_count FROM page_views GROUP BY user_id;
