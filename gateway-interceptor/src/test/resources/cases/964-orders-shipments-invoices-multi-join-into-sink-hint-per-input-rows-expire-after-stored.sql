-- expect: WARN stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- expect-absent: ttl-hint-ignored
-- Three inputs joined on the order id with the multi-join enabled (Flink 2.x plans one MultiJoin, StreamExecMultiJoin),
-- written into a sink. Its state is one MapState per input, an entry per row (StreamingMultiJoinOperator,
-- MultiJoinStateViews, Flink 2.3.0), each with the TTL of StateConfigUtil#createTtlConfig: a row expires the TTL after it
-- was stored, however often the other inputs match it. Before: the SET's changes: line said the state expires "after the
-- key's last change", and no STATE_TTL hint was offered though Flink gives each input the TTL its hint names (case 943).
-- The hint rewrite is pinned in golden 964 and RewritesSayWhatChangesTest (Flink 2.x); on 1.20 the same statement
-- plans two binary joins, whose outer one no hint key on the SELECT reaches (its left input is the inner join).
CREATE TABLE orders (order_id BIGINT, customer STRING, amount DECIMAL(10, 2)) WITH ('connector' = 'datagen');
CREATE TABLE shipments (order_id BIGINT, carrier STRING) WITH ('connector' = 'datagen');
CREATE TABLE invoices (order_id BIGINT, invoice_no STRING) WITH ('connector' = 'datagen');
CREATE TABLE shipped_invoices (order_id BIGINT, customer STRING, carrier STRING, invoice_no STRING)
  WITH ('connector' = 'blackhole');

SET 'table.optimizer.multi-join.enabled' = 'true';

INSERT INTO shipped_invoices
SELECT o.order_id, o.customer, s.carrier, i.invoice_no
FROM orders AS o
JOIN shipments AS s ON o.order_id = s.order_id
JOIN invoices AS i ON o.order_id = i.order_id;
