-- expect: WARN stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- expect-reason: the right side (countries) is a bounded source, read once
-- Case 884's view, created without the countries and then given its join with them by ALTER VIEW ... AS. The session
-- kept no text of the ALTER VIEW (WrittenViews recorded CREATE VIEW alone), so the SET rewrite wrote the SET alone and
-- said the view is not the user's own, the SET expiring the countries' rows. The ALTER VIEW is now the view's written
-- definition: the rewrite pins the countries at '0' in it and alters the view again (golden 887, as 884's).
CREATE TABLE clicks (session_id STRING, url STRING) WITH ('connector' = 'datagen');

CREATE TABLE sessions (session_id STRING, country_code STRING) WITH ('connector' = 'datagen');

CREATE TABLE countries (country_code STRING, country_name STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-887', 'format' = 'csv');

CREATE VIEW clicks_by_country AS
SELECT k.url, s.session_id, s.country_code AS country_name
FROM clicks k
JOIN sessions s ON k.session_id = s.session_id;

ALTER VIEW clicks_by_country AS
SELECT k.url, s.session_id, g.country_name
FROM clicks k
JOIN sessions s ON k.session_id = s.session_id
JOIN countries g ON s.country_code = g.country_code;

SELECT country_name, COUNT(*) AS clicks FROM clicks_by_country GROUP BY country_name;
