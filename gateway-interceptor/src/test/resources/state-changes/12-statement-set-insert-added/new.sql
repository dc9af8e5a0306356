-- restore on stock Flink 2.3.0: NOT-MAPPABLE (an INSERT added to the statement set: the job's generated operator ids come from the whole job graph (StreamGraphHasherV2), and state of the savepoint maps to no operator of the new job: "Cannot map checkpoint/savepoint state for operator ... to the new program")
-- expect-guard: BLOCK (the savepoint's GroupAggregate state has no operator in the new job)
CREATE TABLE events (k INT, v INT) WITH ('connector' = 'datagen', 'rows-per-second' = '50', 'fields.k.min' = '1', 'fields.k.max' = '500', 'fields.v.min' = '0', 'fields.v.max' = '100');
CREATE TABLE per_key (k INT, n BIGINT, total BIGINT, PRIMARY KEY (k) NOT ENFORCED) WITH ('connector' = 'blackhole');
CREATE TABLE clicks (user_id INT, region STRING, v INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '1' SECOND) WITH ('connector' = 'datagen', 'rows-per-second' = '50', 'fields.user_id.min' = '1', 'fields.user_id.max' = '500', 'fields.region.length' = '1', 'fields.v.min' = '0', 'fields.v.max' = '100');
CREATE TABLE named (user_id INT, name STRING, v INT) WITH ('connector' = 'blackhole');
EXECUTE STATEMENT SET BEGIN INSERT INTO per_key SELECT k, COUNT(*), SUM(v) FROM events GROUP BY k; INSERT INTO named SELECT user_id, region, v FROM clicks; END;
