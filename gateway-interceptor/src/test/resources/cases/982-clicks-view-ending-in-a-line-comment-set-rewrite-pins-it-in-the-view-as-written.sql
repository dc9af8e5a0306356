-- expect: WARN stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- expect-reason: the right side (countries) is a bounded source, read once
-- A view joining clicks with countries read once, its definition ending in a line comment. The session did not record
-- it (text after the query that was not a closing parenthesis), so the SET rewrite redefined the view from Flink's
-- unparse of its query (back-ticks, INNER JOIN, comments gone). It is recorded now, and the rewrite writes it as
-- written, the pin spliced in, with the comment ending its line before the ';' (golden 982).
CREATE TABLE clicks (url STRING, country_code STRING) WITH ('connector' = 'datagen');

CREATE TABLE countries (country_code STRING, country_name STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-982', 'format' = 'csv');

CREATE TEMPORARY VIEW clicks_by_country AS
SELECT k.url, g.country_name
FROM clicks k
JOIN countries g ON k.country_code = g.country_code -- every click has a country
;

SELECT country_name, COUNT(*) AS clicks FROM clicks_by_country GROUP BY country_name;
