-- expect: WARN stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- expect-reason: the right side (countries) is a bounded source, read once
-- Case 882 with a persistent view that names its columns: the pin goes into the view's SELECT, and the view is dropped
-- and created again with its own column list (ALTER VIEW ... AS has none, case 831), after the SET (golden 883).
CREATE TABLE clicks (session_id STRING, url STRING) WITH ('connector' = 'datagen');

CREATE TABLE sessions (session_id STRING, country_code STRING) WITH ('connector' = 'datagen');

CREATE TABLE countries (country_code STRING, country_name STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-883', 'format' = 'csv');

CREATE VIEW clicks_by_country (page, sid, country) AS
SELECT k.url, s.session_id, g.country_name
FROM clicks k
LEFT JOIN sessions s ON k.session_id = s.session_id
LEFT JOIN countries g ON s.country_code = g.country_code;

SELECT page, country FROM clicks_by_country;
