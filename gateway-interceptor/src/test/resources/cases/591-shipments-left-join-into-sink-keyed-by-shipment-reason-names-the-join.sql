-- expect: BLOCK on-conflict-required
-- expect-rewrite: on-conflict
-- expect-reason: the statement's LEFT JOIN
-- expect-reason-absent: VARCHAR(20)
-- Orders left-joined with their shipments, neither table keyed, written into a sink keyed by shipment_id: the join's
-- rows have no upsert key ("upsert key: ."), and the statement joins and does not rank, so the reason names its LEFT
-- JOIN, not the list of every cause (a narrower sink type, a ranking) it gave before.
SET 'table.exec.state.ttl' = '1 d';

CREATE TABLE orders (
  order_id STRING,
  amount DOUBLE
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE shipments (
  shipment_id STRING,
  order_id STRING,
  carrier STRING
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE order_shipments (
  shipment_id STRING,
  order_id STRING,
  carrier STRING,
  PRIMARY KEY (shipment_id) NOT ENFORCED
) WITH ('connector' = 'blackhole');

INSERT INTO order_shipments
SELECT s.shipment_id, o.order_id, s.carrier
FROM orders AS o
LEFT JOIN shipments AS s ON o.order_id = s.order_id;
