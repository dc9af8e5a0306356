-- expect: BLOCK unbounded-over-aggregate
-- expect-reason: as long as the partition keeps receiving rows (the state TTL of 1 d frees a partition only once it has had no row for that long
-- expect-reason-absent: forever
-- expect-fix: the state TTL already set frees only a partition (key) idle that long
-- The running SUM of case 574 under a session TTL of 1 d. The reason said Flink keeps every row of each partition
-- "forever", which a TTL makes untrue: Flink's non-time OVER registers a processing-time cleanup timer per
-- partition on every row and clears all the partition's state when it fires (AbstractNonTimeUnboundedPrecedingOver
-- #processElement, #onTimer, Flink 2.3.0). What stays true: a partition that keeps receiving rows keeps all of
-- them, and each new row re-emits the rows after it.
CREATE TABLE source_t (
  key STRING,
  val BIGINT,
  ts BIGINT
) WITH ('connector' = 'datagen');

SET 'table.exec.state.ttl' = '1 d';

SELECT key, val, ts,
       SUM(val) OVER (PARTITION BY key ORDER BY val RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS sum_val
FROM source_t;
