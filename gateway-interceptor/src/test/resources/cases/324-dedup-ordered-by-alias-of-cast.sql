-- expect: BLOCK unbounded-rank dedup-not-recognized
-- expect-fix: (event_time AS CAST(updated AS TIMESTAMP(3)), WATERMARK FOR event_time
-- The latest row per id, ordered by ts, an alias the subquery gives CAST(updated AS TIMESTAMP(3)): ts is no
-- column of the table, so the fix does not propose WATERMARK FOR ts on it.
-- expect-fix-absent: WATERMARK FOR ts AS
CREATE TABLE items (
  id STRING,
  price DOUBLE,
  updated TIMESTAMP(6)
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT id, price FROM (
  SELECT id, price, ROW_NUMBER() OVER (PARTITION BY id ORDER BY ts DESC) AS rn
  FROM (SELECT id, price, CAST(updated AS TIMESTAMP(3)) AS ts FROM items)
) WHERE rn = 1;
