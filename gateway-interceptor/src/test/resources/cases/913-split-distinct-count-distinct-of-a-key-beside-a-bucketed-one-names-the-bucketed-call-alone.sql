-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-reason: keeps an accumulator per country and bucket of its DISTINCT values
-- expect-reason: each holding the distinct values of COUNT(DISTINCT user_id) that fall in its bucket
-- expect-reason-absent: COUNT(DISTINCT country)
-- Split-distinct without mini-batch, two DISTINCT calls: COUNT(DISTINCT country) reads the key (Flink gives it the
-- aggregation's own group set, its Expand copy has no bucket), COUNT(DISTINCT user_id) is bucketed. The partial
-- aggregation's finding names the bucketed call alone (before: both, "each holding the distinct values of
-- COUNT(DISTINCT country), COUNT(DISTINCT user_id)").
CREATE TABLE page_views (
  country STRING,
  user_id BIGINT,
  url STRING
) WITH ('connector' = 'datagen');

CREATE TABLE country_visitors (
  country STRING,
  one_country BIGINT,
  visitors BIGINT
) WITH ('connector' = 'blackhole');

SET 'table.optimizer.distinct-agg.split.enabled' = 'true';

INSERT INTO country_visitors
SELECT country, COUNT(DISTINCT country), COUNT(DISTINCT user_id)
FROM page_views
GROUP BY country;
