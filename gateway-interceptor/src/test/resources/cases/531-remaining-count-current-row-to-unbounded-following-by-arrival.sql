-- expect: BLOCK over-following-unsupported
-- expect-rewrite: frame-ends-at-current-row
-- expect-fix: AND CURRENT ROW
-- "How many events are still to come" per user by arrival: ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING on a
-- processing-time attribute. A stream never ends, so no row's result could ever be written; Flink refuses it as it
-- refuses every frame not ending at CURRENT ROW. The rewrite counts the rows up to each one (UNBOUNDED PRECEDING AND
-- CURRENT ROW), and its changes: line says the count now looks back, not ahead.
CREATE TABLE clicks (
  user_id STRING,
  url STRING,
  proc_time AS PROCTIME()
) WITH ('connector' = 'datagen');

SELECT user_id, url,
  COUNT(*) OVER (PARTITION BY user_id ORDER BY proc_time ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING) AS to_come
FROM clicks;
