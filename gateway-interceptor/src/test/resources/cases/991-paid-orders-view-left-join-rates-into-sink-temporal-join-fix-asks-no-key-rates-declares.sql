-- expect: WARN stateful-without-ttl
-- expect-rewrite: temporal-join
-- expect-fix-absent: needs PRIMARY KEY
-- Paid orders, a view selecting the event-time column of orders, LEFT-joined with rates (a versioned table: PRIMARY
-- KEY (currency) and a WATERMARK) into a sink. The event-time temporal join keeps LEFT (an order without a rate at its
-- time is emitted once with NULLs) and is proven with the stream side a view. Before: the fix asked for the PRIMARY KEY
-- and WATERMARK rates declares.
CREATE TABLE orders (
  order_id STRING,
  currency STRING,
  amount DOUBLE,
  status STRING,
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

CREATE TABLE converted_orders (
  order_id STRING,
  converted DOUBLE
) WITH ('connector' = 'blackhole');

CREATE VIEW paid_orders AS SELECT order_id, currency, amount, order_time FROM orders WHERE status = 'PAID';

INSERT INTO converted_orders
SELECT p.order_id, p.amount * r.rate
FROM paid_orders AS p
LEFT JOIN rates AS r ON p.currency = r.currency;
