-- expect: WARN rank-retract
-- The five highest prices per sector over an upsert-kafka table keyed by symbol, under a session TTL: Flink
-- normalizes the upserts (ChangelogNormalize per symbol) and the Rank reads them (RetractStrategy). rank-retract's
-- fix offered a window Top-N and a monotonic ORDER BY, neither of which Flink plans over the source's updates; it
-- now names the table and says what does change it.
CREATE TEMPORARY TABLE prices (
  symbol STRING,
  sector STRING,
  price DOUBLE,
  PRIMARY KEY (symbol) NOT ENFORCED
) WITH ('connector' = 'upsert-kafka', 'topic' = 'prices', 'properties.bootstrap.servers' = 'kafka:9092',
        'key.format' = 'json', 'value.format' = 'json');

SET 'table.exec.state.ttl' = '1 d';

SELECT sector, symbol, price FROM (
  SELECT *, ROW_NUMBER() OVER (PARTITION BY sector ORDER BY price DESC) AS rn FROM prices)
WHERE rn <= 5;
