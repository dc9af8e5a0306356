-- expect: WARN stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- expect-reason: the right side (countries) is a bounded source, read once
-- Case 982 with the view's query in parentheses, a line comment before the closing one and another after it. The
-- session did not record the view (comments after its query), and the SET rewrite redefined it from Flink's unparse of
-- its query. It is recorded now, and the rewrite writes it as written with the pin spliced in; the last comment ends its
-- line before the ';' (golden 983).
CREATE TABLE clicks (url STRING, country_code STRING) WITH ('connector' = 'datagen');

CREATE TABLE countries (country_code STRING, country_name STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-983', 'format' = 'csv');

CREATE TEMPORARY VIEW clicks_by_country AS (
  SELECT k.url, g.country_name
  FROM clicks k
  JOIN countries g ON k.country_code = g.country_code -- each click joined once
) /* per click */ -- no filter
;

SELECT country_name, COUNT(*) AS clicks FROM clicks_by_country GROUP BY country_name;
