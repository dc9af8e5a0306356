-- expect: WARN stateful-without-ttl
-- expect-reason: OverAggregate
-- expect-reason: is an OVER aggregate partitioned by sensor_id and ordered by read_at
-- expect-reason-absent: GroupAggregate
-- expect-fix: a STATE_TTL hint does not reach it
-- expect-fix-absent: STATE_TTL(
-- A STATE_TTL hint on the aggregation over a view whose OVER computes each reading's jump: the hint names the
-- view and gives the GroupAggregate its 1 d (the compiled plan says so), but an OVER takes no hint, and the
-- OverAggregate in the view keeps LAG's accumulator per sensor_id under the session's TTL, none. One finding,
-- on the OVER.
CREATE TABLE readings (
  sensor_id STRING,
  temperature DOUBLE,
  read_at TIMESTAMP(3),
  WATERMARK FOR read_at AS read_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.sensor_id.length' = '2');

CREATE TEMPORARY VIEW jumps AS
SELECT sensor_id, read_at, temperature - LAG(temperature) OVER (PARTITION BY sensor_id ORDER BY read_at) AS jump
FROM readings;

SELECT /*+ STATE_TTL('jumps' = '1 d') */ sensor_id, MAX(jump) AS max_jump
FROM jumps
GROUP BY sensor_id;
