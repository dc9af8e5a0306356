-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-reason: keeps an accumulator per shop, price
-- expect-reason: (SUM(DISTINCT price) keeps one value per entry: it reads grouping keys alone)
-- expect-reason-absent: bucket
-- expect-reason-absent: however few the keys
-- SUM(DISTINCT price) per shop and price with table.optimizer.distinct-agg.split.enabled: Flink's SplitAggregateRule
-- adds no bucket for a DISTINCT call over grouping keys alone, so the partial aggregation (partialFinalType=[PARTIAL])
-- groups by shop, price and keeps one value per key. Before: "keeps an accumulator per shop, price and bucket of its
-- DISTINCT values ... however few the keys", a bucket the plan does not have.
CREATE TABLE sales (
  shop STRING,
  price BIGINT,
  item STRING
) WITH ('connector' = 'datagen');

CREATE TABLE shop_prices (
  shop STRING,
  price BIGINT,
  total BIGINT
) WITH ('connector' = 'blackhole');

SET 'table.optimizer.distinct-agg.split.enabled' = 'true';

INSERT INTO shop_prices
SELECT shop, price, SUM(DISTINCT price)
FROM sales
GROUP BY shop, price;
