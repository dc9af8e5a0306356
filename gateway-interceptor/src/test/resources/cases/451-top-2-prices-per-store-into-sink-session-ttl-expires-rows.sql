-- expect: BLOCK unbounded-rank
-- expect-rewrite: session-state-ttl
-- The two dearest products per store, written into a sink, over a table with no time attribute (no window
-- Top-N plans). The session TTL the rewrite sets reaches the Rank, which keeps each ORDER BY value's rows as a
-- state entry of its own (AppendOnlyTopNFunction): its changes: line says that a product that stays in a
-- store's top two unchanged for the TTL expires while the store keeps selling, not only that an idle store's
-- ranking starts anew.
CREATE TABLE products (
  store STRING,
  product STRING,
  price DECIMAL(10, 2)
) WITH ('connector' = 'datagen');

CREATE TABLE dearest_products (
  store STRING,
  product STRING,
  price DECIMAL(10, 2)
) WITH ('connector' = 'blackhole');

INSERT INTO dearest_products
SELECT store, product, price
FROM (
  SELECT store, product, price,
         ROW_NUMBER() OVER (PARTITION BY store ORDER BY price DESC) AS rn
  FROM products
)
WHERE rn <= 2;
