-- expect: BLOCK rank-function-unsupported
-- expect-rewrite: tied-ranking-dropped row-number
-- The status rows per device with RANK() ordered by the device itself (the time column forgotten), rank 1 kept and
-- the rank selected: every row of a device ties and ranks 1, so the query returns every row with rk = 1. The
-- row-number rewrite, shown first, kept one row per device, any one ("any N"). The tied-ranking-dropped rewrite, now
-- first, selects CAST(1 AS BIGINT) AS rk: the rows and the column the query meant, with no Rank (golden 740).
CREATE TABLE device_status (device_id STRING, status STRING, reported_at TIMESTAMP(3)) WITH ('connector' = 'datagen');

SET 'table.exec.state.ttl' = '1 d';

SELECT device_id, status, rk FROM (
  SELECT device_id, status, RANK() OVER (PARTITION BY device_id ORDER BY device_id DESC) AS rk
  FROM device_status
) WHERE rk = 1;
