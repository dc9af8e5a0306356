-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-reason: computed from CURRENT_TIMESTAMP
-- The cookbook's interval join as its recipe declares the tables: each time column is computed from
-- CURRENT_TIMESTAMP (TIMESTAMPADD of a random number of days), so its value is the time a row is read, shifted,
-- not a time the row carries. Flink plans a regular Join. No WATERMARK is proposed on those columns (a watermark
-- on the time of reading makes processing time event time, and the interval join would match rows by when they
-- were read): the message says so, and the rewrite is the TTL hint of 3 d, the statement's own bound.
CREATE TABLE orders (
  id INT,
  order_time AS TIMESTAMPADD(DAY, CAST(FLOOR(RAND() * (1 - 5 + 1) + 5) * (-1) AS INT), CURRENT_TIMESTAMP)
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.id.min' = '1', 'fields.id.max' = '100');

CREATE TABLE shipments (
  id INT,
  order_id INT,
  shipment_time AS TIMESTAMPADD(DAY, CAST(FLOOR(RAND() * (1 - 5 + 1)) AS INT), CURRENT_TIMESTAMP)
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.order_id.min' = '1', 'fields.order_id.max' = '100');

SELECT
  o.id AS order_id,
  o.order_time,
  s.shipment_time,
  TIMESTAMPDIFF(DAY, o.order_time, s.shipment_time) AS day_diff
FROM orders o
JOIN shipments s ON o.id = s.order_id
WHERE
    o.order_time BETWEEN s.shipment_time - INTERVAL '3' DAY AND s.shipment_time;
