-- expect: BLOCK planner-error
-- expect-absent: reserved-word-name
-- A select list that ends in a comma before FROM: Flink's parser stops at FROM, a reserved word, but FROM is the
-- keyword here, and quoting it would not make the statement parse: no reserved-word-name diagnosis, Flink's own
-- message stands.
CREATE TABLE clicks (
  user_id STRING,
  url STRING
) WITH ('connector' = 'datagen');

SELECT user_id, url,
FROM clicks;
