-- expect: WARN stateful-without-ttl
-- expect-reason: bounds o.ordered_at by s.shipped_at from above only
-- expect-reason: no bound is offered: the join reads an update stream, shipments (its source emits updates)
-- expect-fix-absent: Give the condition the upper bound it lacks
-- expect-fix: a temporal join: JOIN shipments FOR SYSTEM_TIME AS OF o.ordered_at AS s
-- Event time this time: both tables declare a WATERMARK, and the condition bounds shipped_at by ordered_at from below
-- only, but shipments is read in the debezium-json format (a CDC format, its updates and deletes). An interval join
-- reads inserts only, so the missing upper bound is not offered; the event-time temporal join, which reads a versioned
-- table's updates, stays. Before: the bound was the first fix, unqualified.
CREATE TABLE shipments (
  order_id BIGINT,
  carrier STRING,
  shipped_at TIMESTAMP(3),
  WATERMARK FOR shipped_at AS shipped_at - INTERVAL '5' SECOND
) WITH (
  'connector' = 'filesystem',
  'path' = 'file:///tmp/sql-guard-case-969',
  'format' = 'debezium-json',
  'source.monitor-interval' = '1 min'
);

CREATE TABLE orders (
  order_id BIGINT,
  amount DECIMAL(10, 2),
  ordered_at TIMESTAMP(3),
  WATERMARK FOR ordered_at AS ordered_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT o.order_id, o.amount, s.carrier
FROM orders AS o
JOIN shipments AS s ON o.order_id = s.order_id AND s.shipped_at >= o.ordered_at;
