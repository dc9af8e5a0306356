-- expect: WARN stateful-without-ttl
-- expect-reason: (left: store_orders AS first_order, right: store_orders AS later_order)
-- expect-fix: STATE_TTL('first_order' = '1 d', 'later_order' = '1 d')
-- expect-fix-absent: a lookup join
-- Every pair of one customer's orders: a self-join on the customer. Both sides read store_orders, the stream
-- itself, so store_orders is no dimension table a lookup join could read as of each row's processing time; the
-- fix must not offer "when store_orders is a dimension table whose connector is a lookup source (...), a lookup join
-- ... JOIN store_orders FOR SYSTEM_TIME AS OF first_order.proc_time", the table against itself: round 39 read
-- that in a self-join's fix; pinned here, with a PROCTIME() column on the table.
CREATE TABLE store_orders (
  order_id BIGINT,
  customer_id BIGINT,
  amount DECIMAL(10, 2),
  proc_time AS PROCTIME()
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT first_order.order_id, later_order.order_id AS later_order_id, first_order.proc_time
FROM store_orders AS first_order
JOIN store_orders AS later_order ON first_order.customer_id = later_order.customer_id;
