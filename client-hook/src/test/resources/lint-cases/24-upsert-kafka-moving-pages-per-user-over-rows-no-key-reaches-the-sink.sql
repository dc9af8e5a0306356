-- expect: BLOCK on-conflict-required
-- expect-reason: the statement's OVER aggregate emits one row for each row it reads, keyed only as its input is, and its input has no key
-- expect-reason-absent: most likely a key column the sink declares with a narrower type
-- Flink's NonDeterministicDagTest#testMultiOverWithNonDeterministicUdafSinkWithPk (its ndAggFunc as SUM): OVER
-- aggregates over the last three rows per user of an append-only table, written into a sink keyed by (user_id,
-- moving_sum). Flink names no upsert key: an OverAggregate emits one row per input row and keeps only its input's key.
-- Before: the reason guessed a key column declared narrower than the query's type, or a join or ranking in a view.
-- An upsert sink (upsert-kafka, through a stand-in): Flink checks an insert-only query's key against it; a blackhole
-- sink takes every change and no check is made. OnConflictOverAggregateReasonTest reads the reason.
CREATE TABLE clicks (
  user_id INT,
  page STRING,
  dwell BIGINT,
  proctime AS PROCTIME()
) WITH ('connector' = 'datagen');

CREATE TABLE moving_pages (
  user_id INT,
  pages BIGINT,
  page STRING,
  moving_sum BIGINT,
  PRIMARY KEY (user_id, moving_sum) NOT ENFORCED
) WITH ('connector' = 'upsert-kafka', 'topic' = 'moving-pages', 'key.format' = 'json', 'value.format' = 'json');

INSERT INTO moving_pages
SELECT
  user_id,
  COUNT(DISTINCT page) OVER (PARTITION BY user_id ORDER BY proctime ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) AS pages,
  page,
  SUM(dwell) OVER (PARTITION BY user_id ORDER BY proctime ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) AS moving_sum
FROM clicks;
