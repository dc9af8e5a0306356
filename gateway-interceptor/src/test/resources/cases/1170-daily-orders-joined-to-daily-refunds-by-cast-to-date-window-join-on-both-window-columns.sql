-- expect: WARN stateful-without-ttl
-- expect-rewrite: window-join window-aggregate
-- Daily order totals per shop joined to the same day's refund totals per shop, each day bucketed by hand with
-- CAST(... AS DATE) and the two joined on the day and the shop: a regular Join over two GroupAggregates, every day kept
-- forever. Case 1140's shape with the daily report's CAST in place of FLOOR. Over the windows, the day column is
-- CAST(window_start AS DATE), no window column, so a join on it alone is no window join (Flink plans one only where the
-- condition equates window_start and window_end of both sides): each side selects window_start and window_end too and
-- the join equates both beside the day. Before: the join was offered the TTL alone.
CREATE TABLE orders (
  shop STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.shop.length' = '2');

CREATE TABLE refunds (
  shop STRING,
  refund DOUBLE,
  refunded_at TIMESTAMP(3),
  WATERMARK FOR refunded_at AS refunded_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '2', 'fields.shop.length' = '2');

SELECT o.order_day, o.shop, o.sold, r.refunded
FROM (
  SELECT CAST(order_time AS DATE) AS order_day, shop, SUM(amount) AS sold
  FROM orders
  GROUP BY CAST(order_time AS DATE), shop
) AS o
JOIN (
  SELECT CAST(refunded_at AS DATE) AS order_day, shop, SUM(refund) AS refunded
  FROM refunds
  GROUP BY CAST(refunded_at AS DATE), shop
) AS r ON o.order_day = r.order_day AND o.shop = r.shop;
