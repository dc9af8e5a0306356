-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- The join and the COUNT(DISTINCT ...) in one SELECT: what the join's hint on it does to the aggregation is read
-- from the rewrite's compiled plan, and the changes: line says the DISTINCT clause only where the aggregation gets
-- the TTL there (golden).
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

SELECT s.region, COUNT(DISTINCT o.buyer_id) AS buyers
FROM orders AS o
JOIN shops AS s ON o.shop_id = s.shop_id
GROUP BY s.region;
