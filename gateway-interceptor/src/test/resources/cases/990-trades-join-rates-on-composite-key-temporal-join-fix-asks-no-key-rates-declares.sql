-- expect: WARN stateful-without-ttl
-- expect-rewrite: temporal-join
-- expect-fix: JOIN rates FOR SYSTEM_TIME AS OF t.trade_time AS r ON t.currency = r.currency AND t.market = r.market
-- expect-fix-absent: needs PRIMARY KEY
-- Trades converted with the rate of their currency on their market: rates is a versioned table keyed by (currency,
-- market), with a WATERMARK on its update_time; trades has an event-time attribute. The regular join keeps every trade
-- and every rate forever. Joined FOR SYSTEM_TIME AS OF t.trade_time on both key columns it is an event-time temporal
-- join, which the temporal-join rewrite proves. Before: the fix said "(rates needs PRIMARY KEY (currency, market) NOT
-- ENFORCED and its WATERMARK)", a key and a watermark rates declares already (the rule and the rewrite now read the
-- declared key from the session's catalog: TableRead#primaryKey).
CREATE TABLE trades (
  trade_id STRING,
  currency STRING,
  market STRING,
  amount DOUBLE,
  trade_time TIMESTAMP(3),
  WATERMARK FOR trade_time AS trade_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE rates (
  currency STRING,
  market STRING,
  rate DOUBLE,
  update_time TIMESTAMP(3),
  WATERMARK FOR update_time AS update_time - INTERVAL '5' SECOND,
  PRIMARY KEY (currency, market) NOT ENFORCED
) WITH ('connector' = 'datagen', 'rows-per-second' = '1');

SELECT t.trade_id, t.amount * r.rate AS converted
FROM trades AS t
JOIN rates AS r ON t.currency = r.currency AND t.market = r.market;
