-- expect: WARN stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- expect-reason: the right side (countries) is a bounded source, read once
-- expect-fix: (it expires the rows of the side read once too, countries: after 1 d the join matches nothing from that side)
-- expect-fix-absent: on the joining SELECT of the view
-- Case 884's view, created without the countries and then given its join with them by ALTER VIEW ... AS: no CREATE
-- VIEW of the script writes the view as the catalog holds it, so the SET rewrite has no text of the user's to splice
-- the pin into. It writes the SET alone and says so: the view is not redefined, and the SET expires the countries'
-- rows (golden 887).
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
