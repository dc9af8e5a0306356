-- expect: WARN stateful-without-ttl
-- (The MultiJoin's reason and fix are checked on Flink 2.x by MultiJoinFindingsTest: 1.20 plans binary joins.)
-- A four-way join on the order id with the multi-join enabled, written into a sink: one MultiJoin whose four input
-- states never expire. Before: OK.
CREATE TABLE orders (order_id BIGINT, amount DECIMAL(10, 2)) WITH ('connector' = 'datagen');
CREATE TABLE payments (order_id BIGINT, paid DECIMAL(10, 2)) WITH ('connector' = 'datagen');
CREATE TABLE shipments (order_id BIGINT, carrier STRING) WITH ('connector' = 'datagen');
CREATE TABLE order_returns (order_id BIGINT, reason STRING) WITH ('connector' = 'datagen');
CREATE TABLE order_facts (order_id BIGINT, amount DECIMAL(10, 2), paid DECIMAL(10, 2), carrier STRING, reason STRING)
  WITH ('connector' = 'blackhole');

SET 'table.optimizer.multi-join.enabled' = 'true';

INSERT INTO order_facts
SELECT o.order_id, o.amount, p.paid, s.carrier, r.reason
FROM orders o
JOIN payments p ON o.order_id = p.order_id
JOIN shipments s ON o.order_id = s.order_id
LEFT JOIN order_returns r ON o.order_id = r.order_id;
