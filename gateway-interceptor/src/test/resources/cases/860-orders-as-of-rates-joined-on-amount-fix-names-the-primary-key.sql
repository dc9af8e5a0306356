-- expect: BLOCK planner-error
-- expect-fix: A temporal join finds the version of the table on its right by that table's PRIMARY KEY (currency)
-- expect-fix: the condition written (amount=rate) equates none
-- expect-fix-absent: currency0
-- Flink's plan test TemporalJoinTest#testInvalidTemporalTablJoin (its second query): the versioned table's key is
-- currency, the join condition o.amount = r.rate. Flink 2.3.0 refuses it, "Temporal table's primary key [currency0]
-- must be included in the equivalence condition of temporal join, but current temporal join condition is
-- [amount=rate]": currency0 is the join row's name of rates.currency (the left input has a currency too). The guard
-- answered "Correct the statement as Flink's message says"; the fix now names the key as the statement writes it
-- (the statement selects r.currency; over SELECT * the fix gives Flink's name and says whose it is, RefusalFixesTest).
CREATE TABLE orders (
  amount INT,
  currency STRING,
  rowtime TIMESTAMP(3),
  WATERMARK FOR rowtime AS rowtime
) WITH ('connector' = 'datagen');

CREATE TABLE rates (
  currency STRING,
  rate INT,
  rowtime TIMESTAMP(3),
  WATERMARK FOR rowtime AS rowtime,
  PRIMARY KEY (currency) NOT ENFORCED
) WITH ('connector' = 'datagen');

SELECT o.amount, r.currency, r.rate FROM orders AS o
JOIN rates FOR SYSTEM_TIME AS OF o.rowtime AS r
ON o.amount = r.rate;
