-- expect: OK
-- expect-absent: stateful-without-ttl
-- A bounded RANGE frame over the event-time attribute (RANGE BETWEEN INTERVAL '1' HOUR PRECEDING AND CURRENT
-- ROW): RowTimeRangeBoundedPrecedingFunction takes no state retention time (StreamExecOverAggregate, Flink
-- 2.3.0) and needs none: each row registers a cleanup timer 1.5 hours after its time, and when no later row of
-- the customer moved it, the timer clears the customer's rows, accumulator and last timestamp. The state holds
-- the customers active in the last 1.5 hours: no finding without a TTL.
CREATE TABLE orders (
  order_id STRING,
  customer_id STRING,
  amount DECIMAL(10, 2),
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT order_id, customer_id,
  SUM(amount) OVER (PARTITION BY customer_id ORDER BY order_time
    RANGE BETWEEN INTERVAL '1' HOUR PRECEDING AND CURRENT ROW) AS spend_last_hour
FROM orders;
