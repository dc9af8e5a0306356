-- expect: WARN stateful-without-ttl
-- expect-rewrite: lookup-join
-- Click events enriched with their user, a dimension table in a database (jdbc, a lookup source through lint's
-- stand-in), joined on a column named `user` (a reserved word, in back-ticks) and kept with LEFT: the regular join
-- keeps every event and every user forever. events has a PROCTIME() column the query never reads, so the plan does
-- not show it and the rule's fix could only say "a processing-time column of events"; the lookup-join rewrite found
-- e.arrived and planned. The fix now names that way first with the columns the rewrite used, LEFT kept and `user`
-- quoted: "LEFT JOIN users FOR SYSTEM_TIME AS OF e.arrived AS u ON e.`user` = u.`user`".
CREATE TABLE events (
  event_id STRING,
  `user` STRING,
  url STRING,
  arrived AS PROCTIME()
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE users (
  `user` STRING,
  plan STRING,
  PRIMARY KEY (`user`) NOT ENFORCED
) WITH ('connector' = 'jdbc', 'url' = 'jdbc:postgresql://db:5432/shop', 'table-name' = 'users');

SELECT e.event_id, e.url, u.plan
FROM events AS e
LEFT JOIN users AS u ON e.`user` = u.`user`;
