-- expect: WARN stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- expect-reason: the right side (countries) is a bounded source, read once
-- A view created with a column list, then given its join with the countries by ALTER VIEW ... AS, which has no column
-- list (Flink's AlterViewAsOperation names the view's columns by the new query's). The ALTER VIEW is the view's written
-- definition: the SET rewrite pins the countries at '0' in its SELECT and alters the view again (no column list to
-- keep, so no DROP and CREATE), the query's layout and comment as written (golden 921).
CREATE TABLE clicks (session_id STRING, url STRING) WITH ('connector' = 'datagen');

CREATE TABLE sessions (session_id STRING, country_code STRING) WITH ('connector' = 'datagen');

CREATE TABLE countries (country_code STRING, country_name STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-921', 'format' = 'csv');

CREATE VIEW clicks_by_country (page, session_id, country) AS
SELECT k.url, s.session_id, s.country_code
FROM clicks k
JOIN sessions s ON k.session_id = s.session_id;

ALTER VIEW clicks_by_country AS
SELECT k.url AS page, s.session_id, g.country_name AS country
FROM clicks k
INNER JOIN sessions s ON k.session_id = s.session_id
-- the countries' names, from a CSV file read once
INNER JOIN countries g ON s.country_code = g.country_code;

SELECT country, COUNT(*) AS clicks FROM clicks_by_country GROUP BY country;
