-- expect: WARN stateful-without-ttl
-- expect-rewrite: watermark state-ttl-hint
-- The cookbook's interval join (orders shipped within 3 days) written as its recipe writes it, the time bound in the
-- WHERE clause and the equality in ON, over plain TIMESTAMP(3) columns of permanent tables without a WATERMARK:
-- Flink plans a regular Join that keeps both sides forever. The structural rewrite reads the bound in the WHERE
-- clause too (the planner pushes it into the join): both tables' WATERMARK declared (ALTER TABLE ... ADD WATERMARK),
-- the statement as written, and Flink plans an IntervalJoin. It comes before the TTL hint, which proposes 3 d.
CREATE TABLE orders (
  id INT,
  order_time TIMESTAMP(3)
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.id.min' = '1', 'fields.id.max' = '100');

CREATE TABLE shipments (
  id INT,
  order_id INT,
  shipment_time TIMESTAMP(3)
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
