-- expect: BLOCK on-conflict-required
-- expect-rewrite: on-conflict
-- expect-reason: the statement neither joins nor ranks, so what drops the key
-- expect-reason-absent: an outer join of tables
-- expect-fix-absent: no key reaches the sink and ON CONFLICT DO DEDUPLICATE is the fix
-- Clicks counted per page and written into a sink that declares the page VARCHAR(100) where the query's is a STRING:
-- Flink casts the key on the way in and keeps no upsert key ("upsert key: ."). The statement neither joins nor ranks,
-- so the reason names the narrower key type (or a view that joins or ranks) instead of every cause, and the fix
-- does not offer DO DEDUPLICATE as the fix of a redistribution the statement does not have.
SET 'table.exec.state.ttl' = '1 d';

CREATE TABLE clicks (
  page STRING,
  user_id STRING
) WITH ('connector' = 'datagen');

CREATE TABLE clicks_per_page (
  page VARCHAR(100),
  clicks BIGINT,
  PRIMARY KEY (page) NOT ENFORCED
) WITH ('connector' = 'blackhole');

INSERT INTO clicks_per_page
SELECT page, COUNT(*) AS clicks
FROM clicks
GROUP BY page;
