-- expect: WARN stateful-without-ttl
-- expect-reason: with no condition in Flink's plan (where=[true]), although every join of the statement has one: s.carrier_id = c.carrier_id, which the statement joins on, is in no operator of the plan (Flink reordered the joins: table.optimizer.join-reorder-enabled is on)
-- expect-reason-absent: without an equality key
-- expect-fix: Have Flink join on s.carrier_id = c.carrier_id, which its plan lost: SET 'table.optimizer.join-reorder-enabled' = 'false'
-- Flink's own JoinReorderTest#testInnerAndLeftOuterJoin in the words of orders: three inner joins, a LEFT JOIN on the
-- first table, then an inner join on a column of the LEFT JOIN's table, with join reorder on. Flink 2.3.0 plans the
-- last join with where=[true] over a single exchange and applies s.carrier_id = c.carrier_id nowhere (asked of its
-- planner; the test's plan on Flink's master joins on it). The finding read the plan alone and called the join one
-- "without an equality key", as if the statement wrote a cross join: it now says the plan lost the statement's
-- condition.
CREATE TABLE orders (order_id BIGINT, customer_id BIGINT) WITH ('connector' = 'datagen');

CREATE TABLE items (item_order_id BIGINT, sku STRING) WITH ('connector' = 'datagen');

CREATE TABLE payments (paid_order_id BIGINT, paid DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE shipments (shipped_order_id BIGINT, carrier_id BIGINT) WITH ('connector' = 'datagen');

CREATE TABLE carriers (carrier_id BIGINT, carrier_name STRING) WITH ('connector' = 'datagen');

SET 'table.optimizer.join-reorder-enabled' = 'true';

SELECT *
FROM orders o
JOIN items i ON o.order_id = i.item_order_id
JOIN payments p ON i.item_order_id = p.paid_order_id
LEFT OUTER JOIN shipments s ON o.order_id = s.shipped_order_id
JOIN carriers c ON s.carrier_id = c.carrier_id;
