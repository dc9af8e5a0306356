-- expect: WARN ttl-expires-read-once-side
-- expect-reason: is a regular LEFT join whose right side (carriers) is a bounded source, read once
-- expect-reason: the LEFT join pads those rows with NULLs, silently
-- expect-fix: /*+ STATE_TTL('s' = '2 d') */
-- A LEFT join of shipments with carriers from CSV files read once, both sides hinted (2 d and 6 h): six hours after
-- the carriers were read, every shipment comes out with a NULL carrier. The fix keeps the shipments' own 2 d.
CREATE TABLE shipments (shipment_id STRING, carrier_id STRING) WITH ('connector' = 'datagen');

CREATE TABLE carriers (carrier_id STRING, carrier_name STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-798', 'format' = 'csv');

SELECT /*+ STATE_TTL('s' = '2 d', 'c' = '6 h') */ s.shipment_id, c.carrier_name
FROM shipments s
LEFT JOIN carriers c ON s.carrier_id = c.carrier_id;
