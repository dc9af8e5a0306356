-- expect: BLOCK temporal-join-not-versioned
-- expect-fix: Declare a WATERMARK on the column of currency_rates
-- expect-reason: reads currency_rates AS OF o.order_time
-- Orders joined with the currency rate valid at their time, FOR SYSTEM_TIME AS OF the order's event time, where the
-- rates table has a primary key but no WATERMARK: Flink refuses it ("Event-Time Temporal Table Join requires both
-- primary key and row time attribute in versioned table, but no row time attribute can be found.",
-- LogicalCorrelateToJoinFromTemporalTableRule, 2.3.0 and 1.20.0). The guard answered "Correct the statement as
-- Flink's message says"; it now names the table and what makes it versioned.
CREATE TABLE orders (
  order_id STRING,
  currency STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE currency_rates (
  currency STRING,
  rate DOUBLE,
  update_time TIMESTAMP(3),
  PRIMARY KEY (currency) NOT ENFORCED
) WITH ('connector' = 'datagen');

SELECT o.order_id, o.amount * r.rate AS converted
FROM orders AS o
JOIN currency_rates FOR SYSTEM_TIME AS OF o.order_time AS r
ON o.currency = r.currency;
