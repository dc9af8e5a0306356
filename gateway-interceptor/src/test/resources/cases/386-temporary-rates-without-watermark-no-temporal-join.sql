-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- rates is a TEMPORARY table with a PRIMARY KEY and no WATERMARK: Flink alters no temporary table (ALTER TABLE ...
-- ADD WATERMARK needs a catalog table), so the temporal-join rewrite, which would declare the watermark, is not
-- written; the TTL hint is shown.
CREATE TABLE orders (
  order_id STRING,
  currency STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TEMPORARY TABLE rates (
  currency STRING,
  rate DOUBLE,
  update_time TIMESTAMP(3),
  PRIMARY KEY (currency) NOT ENFORCED
) WITH ('connector' = 'datagen', 'rows-per-second' = '1');

SELECT o.order_id, o.amount * r.rate AS converted
FROM orders AS o
JOIN rates AS r ON o.currency = r.currency;
