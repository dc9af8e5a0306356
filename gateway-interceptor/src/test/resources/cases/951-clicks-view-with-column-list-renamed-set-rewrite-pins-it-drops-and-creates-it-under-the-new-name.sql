-- expect: WARN stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- expect-reason: the right side (countries) is a bounded source, read once
-- Case 883's view, with its column list, renamed (ALTER VIEW ... RENAME TO) before the statement reads it by its new
-- name. Flink's AlterViewRenameOperation keeps the view's query and columns under the new name; the session's
-- CREATE VIEW was kept under the old one, so the SET rewrite found no text of the view and expired the rows read once.
-- WrittenViews now gives the definition the new name: the rewrite pins the side read once in the view's SELECT, drops
-- clicks_per_country and creates it again with its column list, its head naming clicks_per_country (golden 951).
CREATE TABLE clicks (session_id STRING, url STRING) WITH ('connector' = 'datagen');

CREATE TABLE sessions (session_id STRING, country_code STRING) WITH ('connector' = 'datagen');

CREATE TABLE countries (country_code STRING, country_name STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-951', 'format' = 'csv');

CREATE VIEW clicks_by_country (page, sid, country) AS
SELECT k.url, s.session_id, g.country_name
FROM clicks k
LEFT JOIN sessions s ON k.session_id = s.session_id
-- countries is read once: a CSV file
LEFT JOIN countries g ON s.country_code = g.country_code;

ALTER VIEW clicks_by_country RENAME TO clicks_per_country;

SELECT page, country FROM clicks_per_country;
