-- expect: BLOCK unbounded-over-aggregate stateful-without-ttl
-- expect-reason: no bound is offered: the join reads an update stream
-- expect-fix-absent: bound it lacks
-- expect-fix: Bound the join's state with a TTL longer than a row must wait for its match
-- Case 969's event-time shape (both sides declare a WATERMARK, the condition bounds one side from above only), but
-- the update stream comes from no source: the left side is a running total per customer ordered by amount, an OVER
-- aggregate over a column that is no time attribute, which Flink 2.3 plans with updates (FlinkChangelogModeInference
-- Program: "Only non row-time/proc-time sort can support UPDATES"; the physical plan prints it changelogMode=
-- [I,UB,UA,D]). An interval join reads inserts only, so the missing bound is no fix. Before: the guard took every
-- OverAggregate as inserts only and offered the bound.
CREATE TABLE orders (
  order_id BIGINT,
  customer_id BIGINT,
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

SELECT o.order_id, o.total, s.carrier
FROM (SELECT order_id, ordered_at, SUM(amount) OVER (PARTITION BY customer_id ORDER BY amount) AS total
      FROM orders) AS o
JOIN shipments AS s ON o.order_id = s.order_id AND s.shipped_at >= o.ordered_at;
