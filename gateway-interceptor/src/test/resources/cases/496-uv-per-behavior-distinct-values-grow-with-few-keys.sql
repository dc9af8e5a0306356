-- expect: WARN stateful-without-ttl
-- expect-reason: each holding every distinct value of COUNT(DISTINCT user_id)
-- expect-reason: however few the keys
-- Page views and unique visitors per behavior (a handful of keys: pv, cart, fav, buy) over an interval join of two
-- click streams, as a public Flink SQL job writes it. The finding said only "one entry for every behavior ever seen,
-- so the state grows as long as new behavior values arrive": four keys, no growth to see. What grows is each key's
-- COUNT(DISTINCT user_id) and COUNT(DISTINCT category_id), a MapView of every distinct value (Flink's
-- DistinctAggCodeGen): the reason now says so (issue 30 §3: findings true to the plan).
CREATE TABLE user_log (
  user_id STRING,
  item_id STRING,
  category_id STRING,
  behavior STRING,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE user_log_2 (
  user_id STRING,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE behavior_stats (
  behavior STRING,
  pv BIGINT,
  uv BIGINT,
  uv_cate BIGINT
) WITH ('connector' = 'blackhole');

INSERT INTO behavior_stats
SELECT a.behavior, COUNT(a.user_id) AS pv, COUNT(DISTINCT a.user_id) AS uv, COUNT(DISTINCT a.category_id) AS uv_cate
FROM user_log a
JOIN user_log_2 b ON a.user_id = b.user_id
  AND a.ts BETWEEN b.ts - INTERVAL '5' SECOND AND b.ts + INTERVAL '5' SECOND
GROUP BY a.behavior;
