-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-reason: on UPPER(currency) = UPPER(currency)
-- expect-reason-absent: o.UPPER(currency)
-- expect-fix-absent: PRIMARY KEY (UPPER
-- expect-fix-absent: an interval join
-- expect-fix-absent: a lookup join
-- A regular join on a computed key, both tables with event time: the fix proposed an interval join "ON
-- o.UPPER(currency) = r.UPPER(currency)", a temporal join needing "PRIMARY KEY (UPPER(currency)) NOT ENFORCED"
-- (no valid DDL: a primary key is a list of columns) and a lookup join, whose condition must be an equality on
-- the dimension table's own columns. None is proposed for a computed key; the hint per side stays.
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
  rate_time TIMESTAMP(3),
  WATERMARK FOR rate_time AS rate_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '1');

SELECT o.order_id, o.amount * r.rate AS converted
FROM orders AS o
JOIN rates AS r ON UPPER(o.currency) = UPPER(r.currency);
