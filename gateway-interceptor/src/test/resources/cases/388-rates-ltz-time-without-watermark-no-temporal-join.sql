-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- rates has a PRIMARY KEY, no WATERMARK and one time column, but a TIMESTAMP_LTZ(3) where orders' event time is a
-- TIMESTAMP(3): Flink refuses a temporal join of the two ("Event-Time Temporal Table Join requires same rowtime
-- type in left table and versioned table"), so no watermark is declared and no temporal join written.
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
  changed_at TIMESTAMP_LTZ(3),
  PRIMARY KEY (currency) NOT ENFORCED
) WITH ('connector' = 'datagen', 'rows-per-second' = '1');

SELECT o.order_id, o.amount * r.rate AS converted
FROM orders AS o
JOIN rates AS r ON o.currency = r.currency;
