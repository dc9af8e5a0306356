-- expect: WARN stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- expect-reason: the right side (countries) is a bounded source, read once
-- A persistent view without a column list joining clicks with their sessions and countries read once, counted per
-- country by the statement. The SET rewrite pins the countries' side in the view's SELECT and alters the view
-- (ALTER VIEW ... AS keeps its columns); its changes: line says the pin keeps those rows (golden 884).
CREATE TABLE clicks (session_id STRING, url STRING) WITH ('connector' = 'datagen');

CREATE TABLE sessions (session_id STRING, country_code STRING) WITH ('connector' = 'datagen');

CREATE TABLE countries (country_code STRING, country_name STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-884', 'format' = 'csv');

CREATE VIEW clicks_by_country AS
SELECT k.url, s.session_id, g.country_name
FROM clicks k
JOIN sessions s ON k.session_id = s.session_id
JOIN countries g ON s.country_code = g.country_code;

SELECT country_name, COUNT(*) AS clicks FROM clicks_by_country GROUP BY country_name;
