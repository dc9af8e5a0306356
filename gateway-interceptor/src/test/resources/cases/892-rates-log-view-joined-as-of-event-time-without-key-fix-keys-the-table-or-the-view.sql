-- expect: BLOCK temporal-join-not-versioned
-- expect-reason: reads one version of the view log_rates (over rates_log) per key
-- expect-reason: no PRIMARY KEY of rates_log that it selects
-- expect-fix: Declare the PRIMARY KEY of rates_log on the columns the join condition equates
-- expect-fix: or make log_rates keep the latest row per key
-- expect-fix-absent: PRIMARY KEY of log_rates
-- An event-time temporal join AS OF a view over an append-only rates log with a WATERMARK and no PRIMARY KEY. The fix
-- told the user to declare the view's PRIMARY KEY "in its DDL": a view has none; the key goes on the table it reads,
-- or the view keeps the latest row per key (a versioned view).
CREATE TABLE orders (
  order_id STRING,
  currency STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE rates_log (
  currency STRING,
  rate DOUBLE,
  update_time TIMESTAMP(3),
  WATERMARK FOR update_time AS update_time
) WITH ('connector' = 'datagen');

CREATE TEMPORARY VIEW log_rates AS SELECT currency, rate, update_time FROM rates_log;

SELECT o.order_id, o.amount * r.rate AS converted
FROM orders AS o
JOIN log_rates FOR SYSTEM_TIME AS OF o.order_time AS r
ON o.currency = r.currency;
