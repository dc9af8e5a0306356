-- expect: WARN stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- expect-reason: is an OVER aggregate partitioned by sensor_id and ordered by read_at
-- expect-reason: the accumulator of LAG(temperature)
-- expect-reason: inferred from the session's table.exec.state.ttl
-- expect-fix: Set a state TTL longer than a partition (sensor_id) stays without rows: SET 'table.exec.state.ttl' = '1 d'
-- expect-fix: LAG returns NULL (or its default) for its next row
-- expect-fix-absent: STATE_TTL(
-- expect-fix-absent: RANGE BETWEEN
-- Shared case 35 without its session TTL: LAG(temperature) OVER (PARTITION BY sensor_id ORDER BY read_at), an
-- OverAggregate over the event-time attribute (RowTimeRangeUnboundedPrecedingFunction, Flink 2.3.0). It keeps
-- LAG's accumulator per sensor_id and frees it only under table.exec.state.ttl (StreamExecOverAggregate passes
-- config.getStateRetentionTime(); Flink logs "No state retention interval configured for a query which
-- accumulates state"). The compiled plan lists no state for the node: the TTL is the session's. LAG has no
-- bounded frame to offer, so the fix is the TTL alone, and no STATE_TTL hint (it reaches no OVER).
CREATE TABLE readings (
  sensor_id STRING,
  temperature DOUBLE,
  read_at TIMESTAMP(3),
  WATERMARK FOR read_at AS read_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.sensor_id.length' = '2');

SELECT sensor_id, read_at, temperature - LAG(temperature) OVER (PARTITION BY sensor_id ORDER BY read_at) AS jump
FROM readings;
