-- expect: WARN stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- expect-reason: on c.region = the subquery's region AND c.click_time = the subquery's click_time
-- expect-reason: it is Flink's own, the distinct region, click_time of clicks
-- expect-reason-absent: region0
-- expect-reason-absent: right: budgets, clicks
-- expect-fix-absent: STATE_TTL('c'
-- A correlated IN subquery that groups: Flink cannot make it a SEMI join, and decorrelates it into an INNER join
-- of clicks with an aggregation of budgets joined to the distinct (region, click_time) of clicks it correlates
-- with. The messages named Flink's renamed copy "region0", the subquery's side "budgets, clicks", and proposed a
-- STATE_TTL('c' = '1 d') hint and a window for that distinct aggregation, which no SELECT of the statement writes.
CREATE TABLE clicks (
  click_id STRING,
  campaign STRING,
  region STRING,
  click_time TIMESTAMP(3),
  WATERMARK FOR click_time AS click_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE budgets (
  campaign STRING,
  region STRING,
  budget DOUBLE,
  set_at TIMESTAMP(3),
  WATERMARK FOR set_at AS set_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '1');

SELECT c.click_id
FROM clicks AS c
WHERE c.campaign IN (
  SELECT b.campaign FROM budgets AS b
  WHERE b.region = c.region
    AND c.click_time BETWEEN b.set_at AND b.set_at + INTERVAL '1' HOUR
  GROUP BY b.campaign
);
