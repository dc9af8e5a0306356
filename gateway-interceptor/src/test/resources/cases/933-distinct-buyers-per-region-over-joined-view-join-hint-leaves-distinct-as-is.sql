-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- The shape of Flink's NonDeterministicDagTest#testMultiSinkOnJoinedView: a view joins two tables, and the statement
-- counts DISTINCT values per key over it. The join's STATE_TTL hint rewrites the view: the join keeps its rows 1 d, and
-- the COUNT(DISTINCT buyer_id) in the statement's own SELECT keeps its TTL (none: never expires), as the changes:
-- line's "GroupAggregate (0, never expires) over the Join (1 d)" says. Before: the join's rewrite said too that
-- COUNT(DISTINCT buyer_id) "expires each distinct value on its own", a change it does not make (golden).
CREATE TABLE orders (
  order_id BIGINT,
  buyer_id BIGINT,
  shop_id BIGINT,
  amount DECIMAL(10, 2)
) WITH ('connector' = 'datagen');

CREATE TABLE shops (
  shop_id BIGINT,
  region STRING,
  opened DATE
) WITH ('connector' = 'datagen');

CREATE TEMPORARY VIEW shop_orders AS
SELECT o.buyer_id, o.amount, s.region
FROM orders AS o
JOIN shops AS s ON o.shop_id = s.shop_id;

SELECT region, COUNT(DISTINCT buyer_id) AS buyers, SUM(amount) AS revenue
FROM shop_orders
GROUP BY region;
