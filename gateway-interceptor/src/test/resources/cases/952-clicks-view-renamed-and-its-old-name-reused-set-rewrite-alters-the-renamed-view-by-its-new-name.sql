-- expect: WARN stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- expect-reason: the right side (countries) is a bounded source, read once
-- A view renamed, and its old name given to another view that reads it. The statement reads the new view, which reads
-- the renamed one (clicks_joined), where the side read once is joined. The session's CREATE VIEW of the renamed view
-- named it clicks_by_country, now the name of the other view, with another query: no kept text defined
-- clicks_joined, and the rewrite expired the rows read once. Now the definition follows the rename: the rewrite pins
-- the side read once in clicks_joined and alters clicks_joined (not clicks_by_country), as the user wrote it (golden 952).
CREATE TABLE clicks (session_id STRING, url STRING) WITH ('connector' = 'datagen');

CREATE TABLE sessions (session_id STRING, country_code STRING) WITH ('connector' = 'datagen');

CREATE TABLE countries (country_code STRING, country_name STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-952', 'format' = 'csv');

CREATE VIEW clicks_by_country AS
SELECT k.url, s.session_id, g.country_name
FROM clicks k
JOIN sessions s ON k.session_id = s.session_id
JOIN countries g ON s.country_code = g.country_code;

ALTER VIEW clicks_by_country RENAME TO clicks_joined;

CREATE VIEW clicks_by_country AS
SELECT country_name, url FROM clicks_joined WHERE url <> '';

SELECT country_name, COUNT(*) AS clicks FROM clicks_by_country GROUP BY country_name;
