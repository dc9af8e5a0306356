-- expect: WARN stateful-without-ttl
-- expect-reason: hourly.hour_end is the window_end of GlobalWindowAggregate
-- expect-fix: select window_time in place of window_end for hourly.hour_end
-- An order joined to its customer's spend of the hour it follows: each hourly window's total per customer (a window
-- aggregation) joined on the customer, the order made within 10 minutes after the window's end. window_end is no time
-- attribute, so Flink plans a regular join keeping every order and every hourly total forever; bounded by window_time
-- it is an interval join. The other shape of 1037: a join on a key, both bounds written with comparisons.
CREATE TABLE orders (
  order_id BIGINT,
  customer_id BIGINT,
  amount DECIMAL(10, 2),
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE orders_after_spend (
  order_id BIGINT,
  customer_id BIGINT,
  spent_last_hour DECIMAL(38, 2)
) WITH ('connector' = 'blackhole');

INSERT INTO orders_after_spend
SELECT o.order_id, o.customer_id, hourly.spent
FROM orders o
JOIN (
  SELECT customer_id, SUM(amount) AS spent, window_end AS hour_end
  FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '1' HOUR))
  GROUP BY customer_id, window_start, window_end
) hourly
ON o.customer_id = hourly.customer_id
AND o.order_time >= hourly.hour_end AND o.order_time < hourly.hour_end + INTERVAL '10' MINUTE;
