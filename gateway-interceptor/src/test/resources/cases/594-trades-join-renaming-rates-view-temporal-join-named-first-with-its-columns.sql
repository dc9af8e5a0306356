-- expect: WARN stateful-without-ttl
-- expect-rewrite: temporal-join
-- expect-reason: (left: trades, right: the view fx over fx_rates)
-- Trades converted at the rate of their currency, read through a view that renames the versioned table's key
-- (currency AS code) and its rate: the regular join keeps every trade and every rate forever. The temporal join
-- reads the view FOR SYSTEM_TIME AS OF tr.traded_at and plans (a TemporalJoin), but the rule's fix, written from the
-- plan, names the key as the table names it (currency), not as the statement does (f.code), so it wrote no temporal
-- way and the proven rewrite was not named at all. The fix now names first the way the proof planned, with the
-- columns the rewrite used: "JOIN fx FOR SYSTEM_TIME AS OF tr.traded_at AS f ON tr.ccy = f.code" (issue 30 §4: the
-- proven way is a value the fix is built from, not text spliced back into it).
CREATE TABLE trades (
  trade_id STRING,
  ccy STRING,
  qty DOUBLE,
  traded_at TIMESTAMP(3),
  WATERMARK FOR traded_at AS traded_at - INTERVAL '2' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE fx_rates (
  currency STRING,
  rate DOUBLE,
  valid_from TIMESTAMP(3),
  WATERMARK FOR valid_from AS valid_from - INTERVAL '2' SECOND,
  PRIMARY KEY (currency) NOT ENFORCED
) WITH ('connector' = 'datagen', 'rows-per-second' = '1');

CREATE TEMPORARY VIEW fx AS SELECT currency AS code, rate AS mid, valid_from FROM fx_rates;

SELECT tr.trade_id, tr.qty * f.mid AS qty_eur
FROM trades AS tr
JOIN fx AS f ON tr.ccy = f.code;
