-- expect: WARN stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- expect-reason: the accumulator of its running aggregates (ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
-- expect-fix: SET 'table.exec.state.ttl' = '1 d'
-- expect-fix: its running aggregates start over from its next row
-- expect-fix: OVER (PARTITION BY customer_id ORDER BY order_time RANGE BETWEEN INTERVAL '5' MINUTE PRECEDING AND CURRENT ROW)
-- expect-fix-absent: STATE_TTL(
-- A running total per customer since the customer's first order (ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT
-- ROW over the event-time attribute: RowTimeRowsUnboundedPrecedingFunction): one accumulator per customer_id
-- ever seen, freed only by a state TTL. The TTL comes first (it keeps the total since the start, until a
-- customer is idle that long); the bounded RANGE frame, which Flink frees by itself, changes the result and
-- says so.
CREATE TABLE orders (
  order_id STRING,
  customer_id STRING,
  amount DECIMAL(10, 2),
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT order_id, customer_id, amount,
  SUM(amount) OVER (PARTITION BY customer_id ORDER BY order_time ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
    AS spend_so_far
FROM orders;
