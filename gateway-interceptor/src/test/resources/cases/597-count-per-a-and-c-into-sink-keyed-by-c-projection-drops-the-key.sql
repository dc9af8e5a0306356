-- expect: BLOCK on-conflict-required
-- expect-reason: the query groups by a, c, the upsert key of its aggregation, but selects only c of it: the projection drops a
-- expect-reason-absent: narrower type
-- expect-fix: Select every GROUP BY column, a too, and key the sink by the columns a, c are written to
-- expect-fix: or, where one row per c is meant, GROUP BY c only
-- expect-fix-absent: aggregate (or deduplicate) by the primary key's columns
-- Flink's own plan test AggregateTest#testGroupResultLostUpsertKeyWithSinkPk (FLINK-20370): a count per (a, c)
-- written into a sink keyed by the column c goes to. The aggregation's upsert key is (a, c); the SELECT keeps only c,
-- so the projection drops the key and Flink 2.3 refuses the INSERT without ON CONFLICT ("upsert key: ."). The reason
-- named causes this statement does not have (a narrower sink type, a join or ranking in a view); it now names the
-- projection that drops a, and the fix says to write a and key the sink by both, or to group by c alone.
SET 'table.exec.state.ttl' = '1 d';

CREATE TABLE T (
  a INT,
  b BIGINT,
  c STRING
) WITH ('connector' = 'datagen');

CREATE TABLE sink (
  id STRING,
  cnt BIGINT,
  PRIMARY KEY (id) NOT ENFORCED
) WITH ('connector' = 'blackhole');

INSERT INTO sink
SELECT c, COUNT(*) cnt FROM T GROUP BY a, c;
