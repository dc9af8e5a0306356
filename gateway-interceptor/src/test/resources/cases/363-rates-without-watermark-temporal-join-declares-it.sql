-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- rates has a PRIMARY KEY but no WATERMARK (its update_time is a plain TIMESTAMP(3)): it has no event time to
-- version by, so no event-time temporal join is written (declaring the watermark changes the table for every
-- statement and is the user's call); the TTL hint is shown.
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
  PRIMARY KEY (currency) NOT ENFORCED
) WITH ('connector' = 'datagen', 'rows-per-second' = '1');

SELECT o.order_id, o.amount * r.rate AS converted
FROM orders AS o
JOIN rates AS r ON o.currency = r.currency;
