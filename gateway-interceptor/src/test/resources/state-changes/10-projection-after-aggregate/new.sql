-- restore on stock Flink 2.3.0: RESTORED (a Calc after the aggregation chains to it; the aggregation keeps its operator id and resumes with its state)
-- expect-guard: OK
CREATE TABLE events (k INT, v INT) WITH ('connector' = 'datagen', 'rows-per-second' = '50', 'fields.k.min' = '1', 'fields.k.max' = '500', 'fields.v.min' = '0', 'fields.v.max' = '100');
CREATE TABLE per_key (k INT, n BIGINT, total BIGINT, PRIMARY KEY (k) NOT ENFORCED) WITH ('connector' = 'blackhole');
INSERT INTO per_key SELECT k, COUNT(*), SUM(v) + 1 FROM events GROUP BY k;
