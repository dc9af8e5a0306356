-- expect: BLOCK on-conflict-required
-- expect-fix: key the sink by them, PRIMARY KEY (region, product) NOT ENFORCED
-- expect-fix: partition the ranking by the sink's key (PARTITION BY region)
-- expect-fix: An ON CONFLICT clause is no fix here
-- expect-fix-absent: Or end the INSERT with one of
-- The best sale per region and product (rn = 1) written into a sink keyed by region alone, a key coarser than the
-- partition. The Top-1's rows are one per region and product: every product of a region writes its row to the
-- region's one sink row, and the ON CONFLICT choices resolve them by arrival (SinkUpsertMaterializer: DO DEDUPLICATE
-- keeps the row that arrived last, DO NOTHING the first), not by the ranking. The fix and the on-conflict rewrite
-- offered the three clauses; now neither does (PartitionKeys#rowsShareSinkRow): the sink keyed by the partition, or
-- a Top-1 per region. On Flink 1.20 (no ON CONFLICT) it plans with an upsert materializer: OK.
SET 'table.exec.state.ttl' = '1 d';

CREATE TABLE sales (
  sale_id STRING,
  region STRING,
  product STRING,
  sold BIGINT,
  PRIMARY KEY (sale_id) NOT ENFORCED
) WITH ('connector' = 'datagen');

CREATE TABLE best_sale_per_region (
  region STRING,
  product STRING,
  sold BIGINT,
  PRIMARY KEY (region) NOT ENFORCED
) WITH ('connector' = 'blackhole');

INSERT INTO best_sale_per_region
SELECT t.region, t.product, t.sold
FROM (
  SELECT s.region, s.product, s.sold,
         ROW_NUMBER() OVER (PARTITION BY s.region, s.product ORDER BY s.sold DESC) AS rn
  FROM sales AS s
) AS t
WHERE t.rn = 1;
