-- expect: WARN match-without-within
-- expect-reason: is a MATCH_RECOGNIZE partitioned by vehicle_id and PATTERN (A+ B) and no WITHIN
-- expect-reason: A+ has no upper bound, so a partial match grows for as long as rows of its partition keep satisfying it
-- expect-reason: Flink's state TTL does not reach a MATCH_RECOGNIZE
-- expect-fix: write WITHIN INTERVAL '1' HOUR after PATTERN (A+ B)
-- Flink's restore-test program MatchRecognizeTestPrograms#MATCH_SKIP_TO_FIRST (apache/flink, flink-table-planner's
-- plan/nodes/exec/stream/): a run of rising engine temperatures per vehicle, ended by a lower one. Flink's CEP
-- operator keeps each partial match and its rows until a row breaks it, with no state TTL (Flink's docs: "the
-- MATCH_RECOGNIZE clause does not use a configured state retention time. One may want to use the WITHIN clause for
-- this purpose"); the guard said nothing (OK), even with the session's TTL set, as here.
SET 'table.exec.state.ttl' = '1 d';

CREATE TABLE vehicle_readings (
  vehicle_id BIGINT,
  engine_temperature INT,
  proctime AS PROCTIME()
) WITH ('connector' = 'datagen');

CREATE TABLE temperature_runs (
  vehicle_id BIGINT,
  Initial_Temp INT,
  Final_Temp INT
) WITH ('connector' = 'blackhole');

INSERT INTO temperature_runs SELECT * FROM
 vehicle_readings
   MATCH_RECOGNIZE(
   PARTITION BY vehicle_id
   ORDER BY `proctime`
   MEASURES
       FIRST(A.engine_temperature) as Initial_Temp,
       LAST(A.engine_temperature) as Final_Temp
   ONE ROW PER MATCH
   AFTER MATCH SKIP TO FIRST B
   PATTERN (A+ B)
   DEFINE
       A as LAST(A.engine_temperature,1) is NULL OR A.engine_temperature > LAST(A.engine_temperature,1),
       B as B.engine_temperature < LAST(A.engine_temperature)
   )MR;
