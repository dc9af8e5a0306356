-- expect: BLOCK on-conflict-required
-- expect-reason: the query groups by name, the upsert key of its aggregation, but selects name only inside UPPER(name), an expression
-- expect-reason: so the rows reach the sink with no key
-- expect-reason-absent: selects none of it
-- expect-reason-absent: narrower type
-- expect-fix: Group by what the query writes, GROUP BY UPPER(name), and key the sink by the column it is written to
-- expect-fix-absent: Select every GROUP BY column
-- Flink's restore-test program SinkTestPrograms#INSERT_RETRACT_WITH_PK (apache/flink, flink-table-planner's
-- plan/nodes/exec/stream/): a sum per name written into a sink keyed by the column UPPER(name) goes to. Flink keeps
-- the aggregation's key (name) through the projection only where name is selected as it is (FlinkRelMdUniqueKeys
-- #getProjectUniqueKeys: a column, a rename or a key-preserving cast), so the rows reach the sink with no upsert key
-- and Flink 2.3 refuses the INSERT without ON CONFLICT. The reason said the query "selects none of" its key and
-- "rows of different groups reach the sink as rows of one  (", and the fix asked to select name and key the sink by
-- "the columns name are written to"; GROUP BY UPPER(name) is what plans with no clause (verified on 2.3.0).
CREATE TABLE source_t (
  name STRING,
  score INT
) WITH ('connector' = 'datagen');

CREATE TABLE sink_t (
  name STRING PRIMARY KEY NOT ENFORCED,
  score BIGINT
) WITH ('connector' = 'blackhole');

INSERT INTO sink_t SELECT UPPER(name), SUM(score) FROM source_t GROUP BY name;
