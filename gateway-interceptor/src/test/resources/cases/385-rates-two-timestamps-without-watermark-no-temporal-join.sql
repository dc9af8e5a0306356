-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- rates has a PRIMARY KEY and no WATERMARK, but two TIMESTAMP(3) columns (created_at, valid_from): which one a
-- rate's version is valid from is the user's to say, so no watermark is declared and no temporal join is written;
-- the TTL hint is shown.
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
  created_at TIMESTAMP(3),
  valid_from TIMESTAMP(3),
  PRIMARY KEY (currency) NOT ENFORCED
) WITH ('connector' = 'datagen', 'rows-per-second' = '1');

SELECT o.order_id, o.amount * r.rate AS converted
FROM orders AS o
JOIN rates AS r ON o.currency = r.currency;
