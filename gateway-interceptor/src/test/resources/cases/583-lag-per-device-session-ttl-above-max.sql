-- expect: WARN stateful-without-ttl
-- expect-reason: a TTL of 3650 d is above sql-guard.max-state-ttl
-- expect-reason: inferred from the session's table.exec.state.ttl
-- A session TTL of ten years: the OVER takes it (the compiled plan lists no state for the node, so the TTL is
-- the session's), and above sql-guard.max-state-ttl it never expires in practice, as with none (case 150's
-- aggregation).
SET 'table.exec.state.ttl' = '3650 d';

CREATE TABLE pings (
  device_id STRING,
  battery INT,
  ping_time TIMESTAMP(3),
  WATERMARK FOR ping_time AS ping_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT device_id, battery - LAG(battery) OVER (PARTITION BY device_id ORDER BY ping_time) AS drain
FROM pings;
