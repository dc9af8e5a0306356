-- restore on stock Flink 2.3.0: RESTORED (the same operators and key types: the aggregation resumes with the accumulators kept per k, now read per j)
-- expect-guard: WARN (it restores, but each j whose value equals a k's resumes from that k's count and sum; the other k's accumulators stay in state)
CREATE TABLE events (k INT, j INT, v INT) WITH ('connector' = 'datagen', 'rows-per-second' = '50', 'fields.k.min' = '1', 'fields.k.max' = '500', 'fields.j.min' = '1', 'fields.j.max' = '50', 'fields.v.min' = '0', 'fields.v.max' = '100');
CREATE TABLE per_key (k INT, n BIGINT, total BIGINT, PRIMARY KEY (k) NOT ENFORCED) WITH ('connector' = 'blackhole');
INSERT INTO per_key SELECT j, COUNT(*), SUM(v) FROM events GROUP BY j;
