-- expect: BLOCK on-conflict-required
-- expect-rewrite: on-conflict
-- expect-reason: the query's window Top-N (ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY total DESC) over the TUMBLE window TVF, kept where rn <= 3) does not write rn
-- expect-reason: Its rows are inserts: each window's top rows once, when the window closes
-- expect-reason-absent: the updating rows of one key pass through different parallel instances
-- expect-fix: Write rn and key the sink by the columns window_start, window_end, rn are written to
-- expect-fix: Or keep the sink's key: its rows are inserts, each window's top rows once, so end the INSERT with ON CONFLICT DO DEDUPLICATE: over inserts Flink plans no upsert materializer
-- expect-fix-absent: Give the rows the sink's key: aggregate (or deduplicate)
-- expect-fix-absent: its materializer keeps each key's rows until their retraction arrives
-- The three best-selling items of every ten minutes (a window Top-N over a TUMBLE window aggregation) written without
-- their row number into a jdbc table keyed by (window_start, window_end, item). Flink 2.3.0 refuses it ("upsert key: ."):
-- a window Top-N (WindowRank) is keyed by its partition columns other than the window's with its ROW_NUMBER, where the
-- query writes it, else by its input's key, and a window aggregation has none (FlinkRelMdUpsertKeys, Rank). Asked of the
-- planner: the same Top-N writing rn into a table keyed by (window_start, window_end, rn) plans with no clause. Before
-- (round 67), the reason said a ranking partitioned by an aggregated value sends "the updating rows of one key" through
-- different parallel instances (a window Top-N emits inserts, once per window), and the fix "aggregate (or
-- deduplicate) by the primary key's columns", which the query does, and a materializer that reorders retractions.
-- Flink 1.20 plans it with no materializer (the rows are inserts only). OnConflictNoKeyReasonTest.
CREATE TABLE bids (
  item STRING,
  category STRING,
  bidder STRING,
  price DECIMAL(10, 2),
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH ('connector' = 'kafka', 'topic' = 'bids', 'properties.bootstrap.servers' = 'kafka:9092', 'format' = 'json');

CREATE TABLE top_items (
  window_start TIMESTAMP(3),
  window_end TIMESTAMP(3),
  item STRING,
  total DECIMAL(38, 2),
  PRIMARY KEY (window_start, window_end, item) NOT ENFORCED
) WITH ('connector' = 'jdbc', 'url' = 'jdbc:postgresql://db:5432/shop', 'table-name' = 'top_items');

INSERT INTO top_items
SELECT window_start, window_end, item, total FROM (
  SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY total DESC) AS rn
  FROM (
    SELECT window_start, window_end, item, SUM(price) AS total
    FROM TABLE(TUMBLE(TABLE bids, DESCRIPTOR(ts), INTERVAL '10' MINUTE))
    GROUP BY window_start, window_end, item
  )
) WHERE rn <= 3;
