-- expect: WARN stateful-without-ttl
-- expect-reason: bounds p.ordered_at by s.shipped_at from above only
-- expect-fix: Give the condition the lower bound it lacks
-- expect-absent: unbounded-rank
-- The join reads no update stream although a CDC table is below it: the orders are priced by an event-time temporal
-- join with a versioned rates table read in the debezium-json format (every change), and a temporal join emits what
-- its left (probe) input emits, inserts here (FlinkChangelogModeInferenceProgram: "forward left input changes"). So
-- the interval join with the missing upper bound is a fix. Before: the guard took any input's updates as the temporal
-- join's, and said "no bound is offered: the join reads an update stream, rates (its source emits updates)".
CREATE TABLE rates (
  currency STRING,
  rate DECIMAL(10, 4),
  updated_at TIMESTAMP(3),
  PRIMARY KEY (currency) NOT ENFORCED,
  WATERMARK FOR updated_at AS updated_at - INTERVAL '5' SECOND
) WITH (
  'connector' = 'filesystem',
  'path' = 'file:///tmp/sql-guard-case-973',
  'format' = 'debezium-json',
  'source.monitor-interval' = '1 min'
);

CREATE TABLE orders (
  order_id BIGINT,
  currency STRING,
  amount DECIMAL(10, 2),
  ordered_at TIMESTAMP(3),
  WATERMARK FOR ordered_at AS ordered_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE shipments (
  order_id BIGINT,
  carrier STRING,
  shipped_at TIMESTAMP(3),
  WATERMARK FOR shipped_at AS shipped_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE VIEW priced AS
SELECT o.order_id, o.amount * r.rate AS amount_eur, o.ordered_at
FROM orders AS o
JOIN rates FOR SYSTEM_TIME AS OF o.ordered_at AS r ON o.currency = r.currency;

SELECT p.order_id, p.amount_eur, s.carrier
FROM priced AS p
JOIN shipments AS s ON p.order_id = s.order_id AND s.shipped_at >= p.ordered_at;
