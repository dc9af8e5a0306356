-- expect: BLOCK updates-into-append-only
-- Trades joined with the price of their symbol within a minute, the prices read from a compacted topic
-- (upsert-kafka through lint's stand-in, so a ChangelogNormalize per symbol): Flink refuses the interval join over
-- the updates ("StreamPhysicalIntervalJoin doesn't support consuming update and delete changes which is produced
-- by node ChangelogNormalize"). The fix said to apply the IntervalJoin "to the insert-only rows before the
-- source's changelog"; nothing runs before a source: it now says what does change it.
CREATE TABLE trades (
  trade_id STRING,
  symbol STRING,
  qty INT,
  trade_time TIMESTAMP(3),
  WATERMARK FOR trade_time AS trade_time - INTERVAL '5' SECOND
) WITH ('connector' = 'kafka', 'topic' = 'trades', 'properties.bootstrap.servers' = 'kafka:9092',
        'format' = 'json', 'scan.startup.mode' = 'earliest-offset');

CREATE TABLE prices (
  symbol STRING,
  price DECIMAL(10, 2),
  price_time TIMESTAMP(3),
  PRIMARY KEY (symbol) NOT ENFORCED,
  WATERMARK FOR price_time AS price_time - INTERVAL '5' SECOND
) WITH ('connector' = 'upsert-kafka', 'topic' = 'prices', 'properties.bootstrap.servers' = 'kafka:9092',
        'key.format' = 'json', 'value.format' = 'json');

SELECT t.trade_id, t.symbol, t.qty, p.price
FROM trades t JOIN prices p ON t.symbol = p.symbol
  AND p.price_time BETWEEN t.trade_time - INTERVAL '1' MINUTE AND t.trade_time;
