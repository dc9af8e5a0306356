-- restore on stock Flink 2.3.0: NOT-MAPPABLE (table.exec.uid.generation ALWAYS gives every operator a uid '<id>_<transformation>'; the savepoint's state is under the generated hashes of the job without uids)
-- expect-guard: BLOCK (the savepoint's state has no operator in the new job)
SET 'table.exec.uid.generation' = 'ALWAYS';
CREATE TABLE events (k INT, v INT) WITH ('connector' = 'datagen', 'rows-per-second' = '50', 'fields.k.min' = '1', 'fields.k.max' = '500', 'fields.v.min' = '0', 'fields.v.max' = '100');
CREATE TABLE per_key (k INT, n BIGINT, total BIGINT, PRIMARY KEY (k) NOT ENFORCED) WITH ('connector' = 'blackhole');
INSERT INTO per_key SELECT k, COUNT(*), SUM(v) FROM events GROUP BY k;
