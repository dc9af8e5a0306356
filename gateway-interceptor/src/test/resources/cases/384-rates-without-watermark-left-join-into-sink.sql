-- expect: WARN stateful-without-ttl
-- expect-rewrite: temporal-join
-- The conversion as a LEFT JOIN into a sink, tables unaliased, where the rates table keys each currency and stamps
-- each rate with a TIMESTAMP(3) but declares no WATERMARK: the rewrite declares one on changed_at and joins
-- FOR SYSTEM_TIME AS OF orders.order_time (event-time temporal join, LEFT kept: an order with no rate at its time
-- is emitted once with NULLs).
CREATE TABLE orders (
  order_id STRING,
  currency STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE currency_rates (
  currency STRING,
  to_euro DOUBLE,
  changed_at TIMESTAMP(3),
  PRIMARY KEY (currency) NOT ENFORCED
) WITH ('connector' = 'datagen', 'rows-per-second' = '1');

CREATE TABLE converted (
  order_id STRING,
  amount_eur DOUBLE
) WITH ('connector' = 'blackhole');

INSERT INTO converted
SELECT orders.order_id, orders.amount * currency_rates.to_euro
FROM orders
LEFT JOIN currency_rates ON orders.currency = currency_rates.currency;
