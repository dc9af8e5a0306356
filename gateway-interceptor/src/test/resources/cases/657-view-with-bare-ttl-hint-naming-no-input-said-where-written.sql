-- expect: WARN ttl-bare-number ttl-hint-ignored
-- expect-reason: names 'x', which is no input of its SELECT (its inputs: 'clicks')
-- expect-reason: so it accepts this view and refuses each query that reads it
-- expect-fix: /*+ STATE_TTL('clicks' = '12') */
-- A view whose aggregation is hinted STATE_TTL('x' = '12'): the value has no unit (12 ms) and 'x' names no input
-- of the SELECT. A view is not planned when it is created: only ttl-bare-number was said, and the first query that
-- reads the view is refused by Flink ("The options of following hints cannot match the name of input tables or
-- views"). The name is checked from the statement's text where it is written.
CREATE TABLE clicks (
  user_id BIGINT,
  url STRING
) WITH ('connector' = 'datagen');

CREATE VIEW clicks_per_user AS
SELECT /*+ STATE_TTL('x' = '12') */ user_id, COUNT(*) AS c
FROM clicks
GROUP BY user_id;
