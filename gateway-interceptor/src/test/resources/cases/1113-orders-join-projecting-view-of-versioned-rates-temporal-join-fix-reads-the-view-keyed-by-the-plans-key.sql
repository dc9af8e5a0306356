-- expect: WARN stateful-without-ttl
-- expect-fix: a temporal join: JOIN rate_values FOR SYSTEM_TIME AS OF o.order_time AS r ON o.currency = r.currency
-- expect-fix: /*+ STATE_TTL('o' = '1 d', 'r' = '1 d') */
-- expect-fix-absent: PRIMARY KEY
-- expect-fix-absent: JOIN rates FOR SYSTEM_TIME
-- Orders joined with rate_values, a view that projects rates as it is: rates declares PRIMARY KEY (currency) and a
-- WATERMARK, so the view is a versioned table by itself (Flink versions it as the table its scan reads). The temporal
-- join's way was not offered: StatementNames#hintName names a table by the statement's name for it, and the statement
-- names only the view. It now reads the view as the statement does (case 1114 plans the fix's text: a TemporalJoin),
-- and asks for no key: the catalog's read of the view declares none, the plan's scan of rates keeps PRIMARY KEY
-- (currency), and the plan's key wins (rules.DeclaredKeys).
CREATE TABLE orders (
  order_id STRING,
  currency STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE rates (
  currency STRING,
  rate DOUBLE,
  source STRING,
  update_time TIMESTAMP(3),
  WATERMARK FOR update_time AS update_time - INTERVAL '5' SECOND,
  PRIMARY KEY (currency) NOT ENFORCED
) WITH ('connector' = 'datagen', 'rows-per-second' = '1');

CREATE VIEW rate_values AS SELECT currency, rate, update_time FROM rates;

SELECT o.order_id, o.amount * r.rate AS converted
FROM orders AS o
JOIN rate_values AS r ON o.currency = r.currency;
