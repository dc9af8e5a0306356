-- expect: INFO stateful-without-ttl
-- expect-fix: Keep the deduplication: it is the versioned side of a temporal join
-- expect-fix: declare PRIMARY KEY (currency) NOT ENFORCED on the table
-- expect-fix: the temporal join takes it as an idle timeout: a key with no row on either side for 1 d (up to 1.5 times that) of processing time loses every version of the versioned side
-- expect-fix-absent: deduplicate per window
-- TemporalJoinTest's rates_last_row_rowtime: the latest rate per currency (ROW_NUMBER() ... ORDER BY rowtime DESC,
-- rowNum = 1) as the versioned side of an event-time temporal join. The Deduplicate's fix was "deduplicate per
-- window", which no versioned table can be built from; it now says to keep it (or declare the key on the table)
-- and what a job TTL does to the temporal join above it (issue 30 §2: the fix offered must fit).
CREATE TABLE Orders (
  amount INT,
  currency STRING,
  rowtime TIMESTAMP(3),
  WATERMARK FOR rowtime AS rowtime
) WITH ('connector' = 'datagen');

CREATE TABLE RatesHistory (
  currency STRING,
  rate INT,
  rowtime TIMESTAMP(3),
  WATERMARK FOR rowtime AS rowtime
) WITH ('connector' = 'datagen');

CREATE VIEW rates_last_row_rowtime AS
SELECT currency, rate, rowtime
FROM (
  SELECT *, ROW_NUMBER() OVER (PARTITION BY currency ORDER BY rowtime DESC) AS rowNum
  FROM RatesHistory
) T
WHERE rowNum = 1;

CREATE TABLE converted_orders (
  amount INT,
  currency STRING,
  rate INT
) WITH ('connector' = 'blackhole');

INSERT INTO converted_orders
SELECT o.amount, o.currency, r.rate
FROM Orders AS o
JOIN rates_last_row_rowtime FOR SYSTEM_TIME AS OF o.rowtime AS r
  ON o.currency = r.currency;
