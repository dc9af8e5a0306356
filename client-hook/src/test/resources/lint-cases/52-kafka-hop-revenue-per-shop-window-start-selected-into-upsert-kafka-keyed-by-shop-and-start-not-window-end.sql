-- expect: BLOCK on-conflict-required
-- expect-rewrite: on-conflict
-- expect-reason: the query aggregates over a HOP window TVF (GROUP BY window_start, window_end)
-- expect-reason-absent: the projection drops window_end
-- expect-fix-absent: Select every GROUP BY column, window_end too
-- Revenue per shop over a 1-hour window sliding by 5 minutes (a HOP window TVF aggregation), window_start selected and
-- in the sink's key with the shop: one row per shop and window, as the aggregation emits them. Flink 2.3 still names no
-- upsert key (lint case 50). Before: the reason said the projection drops window_end "and with it the key", and the fix
-- said to select window_end too, after which Flink refuses it alike.
CREATE TABLE orders (
  shop_id STRING,
  amount DECIMAL(12, 2),
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '10' SECOND
) WITH ('connector' = 'kafka', 'topic' = 'orders', 'properties.bootstrap.servers' = 'kafka:9092', 'format' = 'json');

CREATE TABLE shop_revenue (
  shop_id STRING,
  window_start TIMESTAMP(3),
  revenue DECIMAL(38, 2),
  PRIMARY KEY (shop_id, window_start) NOT ENFORCED
) WITH ('connector' = 'upsert-kafka', 'topic' = 'shop-revenue', 'properties.bootstrap.servers' = 'kafka:9092',
        'key.format' = 'json', 'value.format' = 'json');

INSERT INTO shop_revenue
SELECT shop_id, window_start, SUM(amount) AS revenue
FROM TABLE(HOP(TABLE orders, DESCRIPTOR(order_time), INTERVAL '5' MINUTE, INTERVAL '1' HOUR))
GROUP BY shop_id, window_start, window_end;
