-- expect: BLOCK on-conflict-required
-- expect-reason: the query aggregates per shop_id, region and window of HOP(o.order_time, INTERVAL '5' MINUTE, INTERVAL '1' HOUR)
-- expect-reason: but selects neither the window's start nor its end: the projection drops the window
-- expect-fix: HOP_START(o.order_time, INTERVAL '5' MINUTE, INTERVAL '1' HOUR), and key the sink by shop_id, region and the window's start
-- expect-fix: FROM TABLE(HOP(TABLE orders, DESCRIPTOR(order_time), INTERVAL '5' MINUTE, INTERVAL '1' HOUR))
-- Revenue of the last hour every 5 minutes per shop and region (a legacy HOP group window over an aliased table,
-- qualified columns), into an upsert-kafka table keyed by shop and region: each window's row of a shop and region
-- falls on one sink row. The window, not a narrowed key type, is what drops the aggregation's key.
CREATE TABLE orders (
  order_id BIGINT,
  shop_id INT,
  region STRING,
  amount DECIMAL(10, 2),
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'kafka', 'topic' = 'orders', 'properties.bootstrap.servers' = 'kafka:9092',
        'scan.startup.mode' = 'earliest-offset', 'value.format' = 'json');

CREATE TABLE shop_revenue (
  shop_id INT,
  region STRING,
  revenue DECIMAL(38, 2),
  PRIMARY KEY (shop_id, region) NOT ENFORCED
) WITH ('connector' = 'upsert-kafka', 'topic' = 'shop-revenue', 'properties.bootstrap.servers' = 'kafka:9092',
        'key.format' = 'json', 'value.format' = 'json');

INSERT INTO shop_revenue
SELECT o.shop_id, o.region, SUM(o.amount) AS revenue
FROM orders AS o
GROUP BY o.shop_id, o.region, HOP(o.order_time, INTERVAL '5' MINUTE, INTERVAL '1' HOUR);
