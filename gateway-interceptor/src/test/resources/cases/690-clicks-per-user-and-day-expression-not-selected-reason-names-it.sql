-- expect: BLOCK on-conflict-required
-- expect-reason: the query groups by user_id, DATE_FORMAT(click_time, 'yyyy-MM-dd'), the upsert key of its aggregation, but selects only user_id of it: the projection drops DATE_FORMAT(click_time, 'yyyy-MM-dd')
-- expect-reason-absent: neither joins nor ranks
-- expect-fix: Select every GROUP BY column, DATE_FORMAT(click_time, 'yyyy-MM-dd') too
-- Clicks per user and calendar day (a GROUP BY expression, not a window) into a table keyed by user: the day is
-- grouped by but not selected, so the rows of each day fall on the user's one row. The reason guessed a narrowed key
-- type: a GROUP BY holding an expression was read as having no keys.
CREATE TABLE clicks (
  user_id BIGINT,
  url STRING,
  click_time TIMESTAMP(3)
) WITH ('connector' = 'datagen');

CREATE TABLE daily_clicks (
  user_id BIGINT,
  clicks BIGINT,
  PRIMARY KEY (user_id) NOT ENFORCED
) WITH ('connector' = 'blackhole');

SET 'table.exec.state.ttl' = '2 d';

INSERT INTO daily_clicks
SELECT user_id, COUNT(*) AS clicks
FROM clicks
GROUP BY user_id, DATE_FORMAT(click_time, 'yyyy-MM-dd');
