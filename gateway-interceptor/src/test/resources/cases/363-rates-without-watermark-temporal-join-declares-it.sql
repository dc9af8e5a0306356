-- expect: WARN stateful-without-ttl
-- expect-rewrite: temporal-join state-ttl-hint
-- rates has a PRIMARY KEY but no WATERMARK (its update_time is a plain TIMESTAMP(3)), so it is no versioned table
-- yet. Its one TIMESTAMP(3) column outside the key can be its event time: the temporal-join rewrite declares the
-- watermark first (ALTER TABLE rates ADD WATERMARK FOR update_time ..., as the watermark family does for an
-- interval join), then reads rates FOR SYSTEM_TIME AS OF o.order_time; proven against a scratch copy of rates with
-- that watermark. Its changes: line says the DDL changes for every statement that reads rates, and which versions
-- are then late.
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
