-- expect: BLOCK reserved-word-name
-- expect-rewrite: quoted-names
-- expect-reason: running is a reserved word of Flink's SQL parser
-- expect-fix: Quote it with back-ticks wherever it names a column or an alias: `running`
-- A running count per user aliased running: RUNNING is a reserved word of Flink's parser (MATCH_RECOGNIZE's RUNNING
-- and FINAL), and Flink answers only "SQL parse failed. Encountered "running" at line 1, column 29". The diagnosis
-- names the word and says to quote it; the quoted-names rewrite writes AS `running` and plans.
CREATE TABLE clicks (
  user_id STRING,
  url STRING
) WITH ('connector' = 'datagen');

SELECT user_id, COUNT(*) AS running
FROM clicks
GROUP BY user_id;
