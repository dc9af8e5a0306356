-- expect: WARN stateful-without-ttl
-- expect-rewrite: temporal-join
-- expect-reason: (left: orders, right: the view currency_rates over rates)
-- The same conversion as a LEFT JOIN into a sink, through a view that renames the rate's columns (no filter),
-- tables unaliased: the temporal join reads the view FOR SYSTEM_TIME AS OF orders.order_time, keeps LEFT (an
-- order with no rate at its time is emitted once with NULLs and never completed, which the changes: line says).
-- The finding names the right side as the statement reads it: the view currency_rates, not the table under it.
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
  update_time TIMESTAMP(3),
  WATERMARK FOR update_time AS update_time - INTERVAL '5' SECOND,
  PRIMARY KEY (currency) NOT ENFORCED
) WITH ('connector' = 'datagen', 'rows-per-second' = '1');

CREATE TEMPORARY VIEW currency_rates AS SELECT currency AS code, rate AS to_euro, update_time FROM rates;

CREATE TABLE converted (
  order_id STRING,
  amount_eur DOUBLE
) WITH ('connector' = 'blackhole');

INSERT INTO converted
SELECT orders.order_id, orders.amount * currency_rates.to_euro
FROM orders
LEFT JOIN currency_rates ON orders.currency = currency_rates.code;
