-- expect: BLOCK on-conflict-required
-- expect-rewrite: on-conflict
-- The latest price per product: an append-only price feed projected into an upsert table keyed by product_id (a
-- compacted topic keeps the last value per key). The query's rows are inserts only and carry no key, so Flink 2.3
-- asks for an ON CONFLICT clause. DO DEDUPLICATE compiles with no upsert materializer (each row is an upsert of its
-- key); the rewrite said the materializer "grows forever". OnConflictDeduplicateOverInsertsTest.
CREATE TABLE prices (
  product_id STRING,
  price DECIMAL(10, 2),
  updated_at TIMESTAMP(3),
  WATERMARK FOR updated_at AS updated_at - INTERVAL '5' SECOND
) WITH ('connector' = 'kafka', 'topic' = 'prices', 'properties.bootstrap.servers' = 'kafka:9092', 'format' = 'json');

CREATE TABLE latest_prices (
  product_id STRING,
  price DECIMAL(10, 2),
  updated_at TIMESTAMP(3),
  PRIMARY KEY (product_id) NOT ENFORCED
) WITH ('connector' = 'upsert-kafka', 'topic' = 'latest-prices', 'properties.bootstrap.servers' = 'kafka:9092',
        'key.format' = 'json', 'value.format' = 'json');

INSERT INTO latest_prices
SELECT product_id, price, updated_at
FROM prices
WHERE price > 0;
