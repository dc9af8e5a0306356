-- expect: BLOCK unbounded-over-aggregate
-- expect-fix: Where the running aggregate is meant in arrival order, ORDER BY a time attribute
-- expect-fix: this changes the result: rows are aggregated in time order, not in the order of val ASC
-- expect-fix: SET 'table.exec.state.ttl' = '1 d' frees a partition (key) once it has had no row for 1 d
-- expect-fix-absent: ROW_NUMBER
-- A running SUM per key ordered by the value itself, as Flink's OverWindowTestPrograms
-- (OVER_AGGREGATE_NON_TIME_UNBOUNDED_APPEND_MODE) runs it on a source without any time attribute. The fix began
-- "For a Top-N or deduplication, filter on the ROW_NUMBER in an outer query (a filter on the row number's alias
-- (<= 10))": there is no ROW_NUMBER here. It now names the order by time as a change of result (rows summed in
-- arrival order, not in the order of val), and the state TTL, which Flink's non-time OVER does apply: a cleanup
-- timer per partition, moved on by every row, that clears the whole partition when it fires
-- (AbstractNonTimeUnboundedPrecedingOver, Flink 2.3.0), so a busy partition still keeps every row.
CREATE TABLE source_t (
  key STRING,
  val BIGINT,
  ts BIGINT
) WITH ('connector' = 'datagen');

SELECT key, val, ts,
       SUM(val) OVER (PARTITION BY key ORDER BY val RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS sum_val
FROM source_t;
