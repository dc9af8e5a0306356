-- expect: WARN stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- expect-reason: partitioned by order_id and ordered by event_time
-- expect-fix: Set a state TTL longer than a partition (order_id) stays without rows
-- expect-fix-absent: RANGE BETWEEN
-- Each order's previous status, written to a sink: LAG partitioned by order_id, a key that ends (an order
-- ships and is never seen again), yet its accumulator is kept forever without a TTL. A TTL longer than an
-- order's life is the fix; an order seen again after it gets a NULL previous status.
CREATE TABLE order_events (
  order_id STRING,
  status STRING,
  event_time TIMESTAMP(3),
  WATERMARK FOR event_time AS event_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE status_changes (
  order_id STRING,
  previous_status STRING,
  status STRING
) WITH ('connector' = 'blackhole');

INSERT INTO status_changes
SELECT order_id, LAG(status) OVER (PARTITION BY order_id ORDER BY event_time), status
FROM order_events;
