-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-reason: keeps an accumulator per country and bucket of its DISTINCT values
-- expect-reason: each holding the distinct values of COUNT(DISTINCT user_id) that fall in its bucket, so the state grows as long as new country values or new distinct values arrive, however few the keys
-- expect-reason-absent: bucket of its DISTINCT values ever seen, so the state grows
-- Distinct visitors per country, the hot-key case split-distinct is for (few countries, many visitors), without
-- mini-batch: Flink plans a partial GroupAggregate per country and bucket (MOD(HASH_CODE(user_id), 1024)) that holds
-- every visitor of its bucket, and a final one per country. Before: the partial one's finding said its state grows
-- "as long as new country values arrive", which four countries never do; it grows with the visitors.
CREATE TABLE page_views (
  country STRING,
  user_id BIGINT,
  url STRING
) WITH ('connector' = 'datagen');

CREATE TABLE visitors_per_country (
  country STRING,
  visitors BIGINT,
  PRIMARY KEY (country) NOT ENFORCED
) WITH ('connector' = 'blackhole');

SET 'table.optimizer.distinct-agg.split.enabled' = 'true';

INSERT INTO visitors_per_country
SELECT country, COUNT(DISTINCT user_id)
FROM page_views
GROUP BY country;
