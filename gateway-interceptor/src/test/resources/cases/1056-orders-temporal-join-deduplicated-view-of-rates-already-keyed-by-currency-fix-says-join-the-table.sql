-- expect: INFO stateful-without-ttl
-- expect-fix: rates declares PRIMARY KEY (currency) already: join it directly and the deduplication goes
-- Case 1002 with rates keyed by currency: the view's deduplication keeps the latest rate per currency of a table that
-- is a versioned table by itself (a PRIMARY KEY and an event-time attribute, Flink docs "Versioned Tables"). The fix
-- said "declare PRIMARY KEY (currency) NOT ENFORCED on the table", a key the table declares; it now says the table
-- has it and can be joined directly (the key read from the compiled plan's scan of rates).
CREATE TABLE orders (
  order_id STRING,
  currency STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE rates (
  rate_id STRING,
  currency STRING,
  rate DOUBLE,
  update_time TIMESTAMP(3),
  WATERMARK FOR update_time AS update_time - INTERVAL '5' SECOND,
  PRIMARY KEY (currency) NOT ENFORCED
) WITH ('connector' = 'datagen', 'rows-per-second' = '1');

CREATE VIEW rates_by_currency AS
SELECT currency, rate, update_time FROM (
  SELECT *, ROW_NUMBER() OVER (PARTITION BY currency ORDER BY update_time DESC) AS rn FROM rates)
WHERE rn = 1;

SELECT o.order_id, o.amount * r.rate AS converted
FROM orders AS o
JOIN rates_by_currency FOR SYSTEM_TIME AS OF o.order_time AS r ON o.currency = r.currency;
