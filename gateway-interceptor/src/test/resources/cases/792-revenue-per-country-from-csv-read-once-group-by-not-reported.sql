-- expect: OK
-- expect-absent: stateful-without-ttl
-- A GROUP BY over CSV files read once: the aggregation keeps one accumulator per country, but its input is bounded,
-- so the job finishes once the files are read and no new country arrives after. Not reported (it was: "keeps one
-- entry per country ... and grows as long as new country values arrive").
CREATE TABLE sales (country STRING, amount DOUBLE)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-792', 'format' = 'csv');

SELECT country, SUM(amount) AS revenue
FROM sales
GROUP BY country;
