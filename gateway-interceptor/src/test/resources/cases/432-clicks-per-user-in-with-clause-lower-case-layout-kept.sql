-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- Issue 30, "splice only what changes": the aggregation is the query of a WITH clause, written in lower case over
-- several lines with comments. The state-ttl-hint rewrite's hint goes right after that query's `select`, and the
-- statement's other lines stay as written.
CREATE TABLE page_clicks (
  user_id STRING,
  url STRING
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.user_id.length' = '2');

with per_user as (
  -- every click of a user, all time
  select user_id,
         count(url) as clicks
  from page_clicks
  group by user_id
)
select user_id, clicks
from per_user
where clicks between asymmetric 10 and 1000000;
