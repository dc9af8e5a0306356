-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-reason: regular LEFT join
-- expect-reason: the right side (carriers) is a bounded source, read once
-- expect-fix: /*+ STATE_TTL('s' = '1 d') */, leaving the side read once (c) out of the hint
-- A LEFT JOIN whose right side, the carriers, is read once from CSV files: a shipment without its carrier is emitted
-- with NULLs and updated when the carrier's row is read. The hint bounds the shipments alone.
CREATE TABLE shipments (shipment_id STRING, carrier_id STRING, weight DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE carriers (carrier_id STRING, carrier_name STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-758', 'format' = 'csv');

SELECT s.shipment_id, c.carrier_name, s.weight
FROM shipments s
LEFT JOIN carriers c ON s.carrier_id = c.carrier_id;
