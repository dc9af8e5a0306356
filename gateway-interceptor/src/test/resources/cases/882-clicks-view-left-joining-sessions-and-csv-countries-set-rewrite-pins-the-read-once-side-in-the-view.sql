-- expect: WARN stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- expect-reason: the right side (countries) is a bounded source, read once
-- Case 812's three inputs in a temporary view, read by a statement that filters it. The outer join's streaming side
-- is the nested join's result, which no hint key names, so the SET is the rewrite; it was the SET alone, and its
-- changes: line said the TTL expires the countries read once. The countries' side is now pinned in the view's SELECT,
-- STATE_TTL('g' = '0'), and the view redefined, before the statement as it is (golden 882). The finding's fix said the
-- SET alone and that it expires the countries' rows; once the rewrite is proven, it says what the rewrite does
-- (ProvenFixes, golden 882; the corpus's fixes are the rule's, before any proof).
CREATE TABLE clicks (session_id STRING, url STRING) WITH ('connector' = 'datagen');

CREATE TABLE sessions (session_id STRING, country_code STRING) WITH ('connector' = 'datagen');

CREATE TABLE countries (country_code STRING, country_name STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-882', 'format' = 'csv');

CREATE TEMPORARY VIEW clicks_by_country AS
SELECT k.url, s.session_id, g.country_name
FROM clicks k
LEFT JOIN sessions s ON k.session_id = s.session_id
LEFT JOIN countries g ON s.country_code = g.country_code;

SELECT url, country_name FROM clicks_by_country WHERE url LIKE '/checkout%';
