-- expect: BLOCK unbounded-rank dedup-not-recognized
-- The latest status per id by a plain TIMESTAMP the result does not keep: the columns LAST_VALUE would keep are
-- STRING and BIGINT, which Flink 1.20's LAST_VALUE takes too, so the GROUP BY with LAST_VALUE is offered on both
-- lines (where the result keeps the TIMESTAMP, 1.20 cannot: own case 275).
CREATE TABLE statuses (
  id STRING,
  status STRING,
  version BIGINT,
  updated TIMESTAMP(3)
) WITH ('connector' = 'datagen');

SELECT id, status, version FROM (
  SELECT *, ROW_NUMBER() OVER (PARTITION BY id ORDER BY updated DESC) AS rn FROM statuses
) WHERE rn = 1;
