-- expect: BLOCK on-conflict-required
-- expect-fix: Key the sink by the query's key: declare it with PRIMARY KEY (shop_id, user_id, visit_day) NOT ENFORCED
-- expect-fix-absent: The query keeps one row per partition already
-- A Top-1 per shop and user under a GROUP BY shop_id, user_id and the day into a sink keyed by (shop_id, user_id):
-- the ranking's partition is the sink's key, and Flink names the aggregation's key, three columns. Before: the fix
-- told the user to key the sink by shop_id, user_id, as it is.
CREATE TABLE visits (
  shop_id INT,
  user_id BIGINT,
  visit_time TIMESTAMP(3),
  dwell_seconds INT
) WITH ('connector' = 'datagen');

CREATE TABLE visits_per_day (
  shop_id INT,
  user_id BIGINT,
  visit_day DATE,
  visits BIGINT,
  PRIMARY KEY (shop_id, user_id) NOT ENFORCED
) WITH ('connector' = 'blackhole');

INSERT INTO visits_per_day
SELECT shop_id, user_id, CAST(visit_time AS DATE) AS visit_day, COUNT(*) AS visits
FROM (
  SELECT *, ROW_NUMBER() OVER (PARTITION BY shop_id, user_id ORDER BY PROCTIME() DESC) AS rn FROM visits
) AS latest
WHERE rn = 1
GROUP BY shop_id, user_id, CAST(visit_time AS DATE);
