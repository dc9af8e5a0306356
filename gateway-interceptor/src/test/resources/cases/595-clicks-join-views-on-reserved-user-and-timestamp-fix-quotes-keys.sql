-- expect: WARN stateful-without-ttl
-- expect-fix: ON c.`user` = v.`user` AND v.`timestamp` BETWEEN c.`timestamp` - INTERVAL '1' HOUR AND c.`timestamp`
-- expect-fix: JOIN page_views FOR SYSTEM_TIME AS OF c.`timestamp` AS v ON c.`user` = v.`user`
-- expect-fix-absent: c.user =
-- expect-fix-absent: AS OF c.timestamp
-- Clicks joined with page views by user, both tables watermarked on a column named `timestamp` and keyed by a column
-- named `user` (reserved words, in back-ticks): the regular join keeps both inputs forever. Its fix offers an interval
-- join and a temporal join written from the plan, whose columns Flink prints without back-ticks (leftKeys=[user]):
-- the fix wrote "ON c.user = v.user AND v.timestamp BETWEEN c.timestamp ...", which Flink's parser refuses. Each name
-- is now written as SQL through SqlIdentifiers, the one place that decides quoting.
CREATE TABLE clicks (
  `user` STRING,
  url STRING,
  `timestamp` TIMESTAMP(3),
  WATERMARK FOR `timestamp` AS `timestamp` - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE page_views (
  `user` STRING,
  page STRING,
  `timestamp` TIMESTAMP(3),
  WATERMARK FOR `timestamp` AS `timestamp` - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT c.url, v.page
FROM clicks AS c
JOIN page_views AS v ON c.`user` = v.`user`;
