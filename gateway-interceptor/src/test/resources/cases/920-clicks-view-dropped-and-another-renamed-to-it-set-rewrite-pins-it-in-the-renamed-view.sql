-- expect: WARN stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- expect-reason: the right side (countries) is a bounded source, read once
-- A view with a column list dropped, and another view with the same query renamed to its name (ALTER VIEW ... RENAME
-- TO). The session kept the dropped view's CREATE VIEW, which still read as the catalog's view (same name, same query),
-- so the SET rewrite would have dropped the view and created it again from that text, with a column list the view no
-- longer has. DROP VIEW forgets the definitions of its name, and ALTER VIEW ... RENAME TO gives the renamed view's
-- CREATE VIEW the new name (WrittenViews; before, the rewrite found no text of the view and wrote the SET alone, which
-- expired the rows read once): the rewrite pins the side read once in the view and alters clicks_by_country, which
-- has no column list now (golden 920; 951 and 952 rename too).
CREATE TABLE clicks (session_id STRING, url STRING) WITH ('connector' = 'datagen');

CREATE TABLE sessions (session_id STRING, country_code STRING) WITH ('connector' = 'datagen');

CREATE TABLE countries (country_code STRING, country_name STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-920', 'format' = 'csv');

CREATE VIEW clicks_by_country (page, session_id, country) AS
SELECT k.url, s.session_id, g.country_name
FROM clicks k
JOIN sessions s ON k.session_id = s.session_id
JOIN countries g ON s.country_code = g.country_code;

DROP VIEW clicks_by_country;

CREATE VIEW clicks_with_country AS
SELECT k.url, s.session_id, g.country_name
FROM clicks k
JOIN sessions s ON k.session_id = s.session_id
JOIN countries g ON s.country_code = g.country_code;

ALTER VIEW clicks_with_country RENAME TO clicks_by_country;

SELECT country_name, COUNT(*) AS clicks FROM clicks_by_country GROUP BY country_name;
