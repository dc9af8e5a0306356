-- expect: WARN stateful-without-ttl
-- expect-reason: regular LEFT join
-- expect-fix-absent: lookup
-- expect-fix-absent: FOR SYSTEM_TIME AS OF
-- A LEFT join of clicks with users from datagen, written into a sink by an INSERT with unaliased tables: datagen's
-- source is no LookupTableSource (Flink's factory for it says so), so no lookup join is offered.
CREATE TABLE clicks (user_id STRING, url STRING, pt AS PROCTIME()) WITH ('connector' = 'datagen');

CREATE TABLE users (user_id STRING, country STRING) WITH ('connector' = 'datagen');

CREATE TABLE enriched_clicks (user_id STRING, url STRING, country STRING) WITH ('connector' = 'blackhole');

INSERT INTO enriched_clicks
SELECT clicks.user_id, clicks.url, users.country
FROM clicks
LEFT JOIN users ON clicks.user_id = users.user_id;
