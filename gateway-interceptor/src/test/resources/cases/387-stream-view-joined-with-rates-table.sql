-- expect: WARN stateful-without-ttl
-- expect-reason: (left: the view big_orders over orders, right: rates)
-- The stream side is read through a view that filters it (amount > 100), the rates table directly: the finding
-- names the sides as the statement reads them, the view on the left, not the table under it.
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

CREATE TEMPORARY VIEW big_orders AS SELECT * FROM orders WHERE amount > 100;

SELECT b.order_id, b.amount * r.rate AS converted
FROM big_orders AS b
JOIN rates AS r ON b.currency = r.currency;
