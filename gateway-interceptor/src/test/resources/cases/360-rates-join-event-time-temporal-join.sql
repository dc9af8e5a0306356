-- expect: WARN stateful-without-ttl
-- expect-rewrite: temporal-join state-ttl-hint
-- Orders converted with the currency rate: rates is a versioned table (a PRIMARY KEY and a WATERMARK on its
-- update_time), orders has an event-time attribute. The regular join keeps every order and every rate forever
-- and updates each converted amount when a rate changes. Joined FOR SYSTEM_TIME AS OF o.order_time it is an
-- event-time temporal join (TemporalJoin): each order gets the rate valid at its own time, once the watermarks
-- pass it, and the state behind the watermark is freed; the changes: line says so.
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

SELECT o.order_id, o.amount * r.rate AS converted
FROM orders AS o
JOIN rates AS r ON o.currency = r.currency;
