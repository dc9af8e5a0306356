-- expect: WARN ttl-hint-ignored
-- expect-fix: Remove it from its SELECT: a temporal join takes no STATE_TTL hint
-- expect-fix: reaches it as an idle timeout
-- expect-fix: finds no version until the versioned side's key changes again, and is emitted with NULLs for the versioned side's columns
-- expect-fix-absent: Move the hint to the SELECT that joins or aggregates
-- Orders enriched with the rate valid at each order's time (an event-time LEFT temporal join, TemporalJoinTest's
-- Orders and RatesHistoryWithPK) under STATE_TTL('o' = '12 h'): Flink takes no STATE_TTL hint on a temporal join
-- and the SELECT has no other join to move it to, so the fix is to remove it; the job TTL it offers instead is an
-- idle timeout there (TemporalRowTimeJoinOperator), and the fix says what that does to later orders (issue 30 §1).
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

CREATE TABLE converted_orders (
  amount INT,
  currency STRING,
  rate INT
) WITH ('connector' = 'blackhole');

INSERT INTO converted_orders
SELECT /*+ STATE_TTL('o' = '12 h') */ o.amount, o.currency, r.rate
FROM Orders AS o
LEFT JOIN RatesHistoryWithPK FOR SYSTEM_TIME AS OF o.rowtime AS r
  ON o.currency = r.currency;
