-- expect: BLOCK on-conflict-required
-- expect-rewrite: join-equal-column
-- expect-reason: keeps src2's PRIMARY KEY (a2, b2), but the query selects src1.a1, not src2.a2
-- expect-fix: Select src2.a2 in place of src1.a1 (equal by the join's condition)
-- Flink's JoinTest#testJoinUpsertKeyEnrichmentInnerJoinBasic (FLINK-38753) as its tables are named, the columns
-- written unqualified: src1 keyed by a1, src2 by (a2, b2), joined on a1 = a2 into a sink keyed by the columns a1 and
-- b2 are written to. Flink 2.3.0 keeps src2's key through the join (src1 is unique on a1) but not through the
-- projection, which writes a1: it is refused with no upsert key, and plans with src2.a2 written in its place (asked of
-- 2.3.0). The rewrite writes src2.a2 AS a1, so the query's columns keep their names.
CREATE TABLE src1 (a1 INT, b1 STRING, c1 BIGINT, PRIMARY KEY (a1) NOT ENFORCED) WITH (
  'connector' = 'filesystem',
  'path' = 'file:///tmp/sql-guard-case-1068-src1',
  'format' = 'debezium-json'
);

CREATE TABLE src2 (a2 INT, b2 STRING, c2 BIGINT, PRIMARY KEY (a2, b2) NOT ENFORCED) WITH (
  'connector' = 'filesystem',
  'path' = 'file:///tmp/sql-guard-case-1068-src2',
  'format' = 'debezium-json'
);

CREATE TABLE snk (a INT, b STRING, c1 BIGINT, c2 BIGINT, PRIMARY KEY (a, b) NOT ENFORCED) WITH ('connector' = 'blackhole');

SET 'table.exec.state.ttl' = '1 d';

INSERT INTO snk
SELECT a1, b2, c1, c2
FROM src1
JOIN src2 ON a1 = a2;
