-- expect: BLOCK on-conflict-required
-- expect-fix: Key the sink by the query's key: declare it with PRIMARY KEY (user_id, day_key) NOT ENFORCED
-- expect-fix-absent: The query keeps one row per partition already
-- Flink's NonDeterministicDagTest#testNestedAggWithNonDeterministicGroupingKeys: a Top-1 per user_id (its latest row
-- by arrival, a Deduplicate), then a GROUP BY user_id and the day, into a sink keyed by user_id. Flink names the
-- query's key [user_id, day_key]: the aggregation keys the rows, not the ranking. Before: the fix said the query keeps
-- one row per partition already and told the user to key the sink by user_id or partition the ranking by user_id,
-- both of which the statement does.
CREATE TABLE payments (
  user_id INT,
  amount BIGINT,
  note STRING
) WITH ('connector' = 'datagen');

CREATE TABLE daily_spend (
  user_id INT,
  spend BIGINT,
  day_key STRING,
  PRIMARY KEY (user_id) NOT ENFORCED
) WITH ('connector' = 'blackhole');

INSERT INTO daily_spend
SELECT user_id, SUM(amount) AS spend, DATE_FORMAT(CURRENT_TIMESTAMP, 'yyMMdd') AS day_key
FROM (
  SELECT *, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY PROCTIME() DESC) AS rn FROM payments
) AS t
WHERE rn = 1
GROUP BY user_id, DATE_FORMAT(CURRENT_TIMESTAMP, 'yyMMdd');
