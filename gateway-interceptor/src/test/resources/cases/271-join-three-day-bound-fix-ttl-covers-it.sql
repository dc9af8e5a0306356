-- expect: WARN stateful-without-ttl
-- expect-rewrite: watermark state-ttl-hint session-state-ttl
-- A regular join (no WATERMARK on either table) whose condition keeps shipments up to 3 days after their order:
-- the fix text and both TTL rewrites propose 3 d, the statement's own bound, not the default 1 d, which would
-- lose every match made after a day. The structural rewrite comes first: both tables' WATERMARK, an IntervalJoin.
CREATE TABLE orders (order_id STRING, user_id STRING, order_time TIMESTAMP(3)) WITH ('connector' = 'datagen');

CREATE TABLE shipments (order_id STRING, ship_time TIMESTAMP(3)) WITH ('connector' = 'datagen');

SELECT o.order_id, s.ship_time
FROM orders o
JOIN shipments s
  ON o.order_id = s.order_id
 AND s.ship_time BETWEEN o.order_time AND o.order_time + INTERVAL '3' DAY;
