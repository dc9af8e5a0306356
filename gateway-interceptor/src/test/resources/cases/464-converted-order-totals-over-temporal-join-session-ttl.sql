-- expect: WARN stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- Order totals per currency converted at the rate valid at each order's time (an event-time temporal join, as in
-- Flink's TemporalJoinTest, whose Orders and RatesHistoryWithPK these are), summed per currency. The session TTL
-- the rewrite sets reaches the temporal join too, where it is no entry expiry but an idle timeout per key
-- (TemporalRowTimeJoinOperator): its changes: line says that a currency idle on both sides loses its rates and
-- its later orders are dropped until a new rate arrives (issue 30 §1: every change in meaning said).
CREATE TABLE Orders (
  amount INT,
  currency STRING,
  rowtime TIMESTAMP(3),
  WATERMARK FOR rowtime AS rowtime
) WITH ('connector' = 'datagen');

CREATE TABLE RatesHistoryWithPK (
  currency STRING,
  rate INT,
  rowtime TIMESTAMP(3),
  WATERMARK FOR rowtime AS rowtime,
  PRIMARY KEY (currency) NOT ENFORCED
) WITH ('connector' = 'datagen');

CREATE TABLE converted_totals (
  currency STRING,
  total BIGINT
) WITH ('connector' = 'blackhole');

INSERT INTO converted_totals
SELECT o.currency, SUM(CAST(o.amount AS BIGINT) * r.rate)
FROM Orders AS o
JOIN RatesHistoryWithPK FOR SYSTEM_TIME AS OF o.rowtime AS r
  ON o.currency = r.currency
GROUP BY o.currency;
