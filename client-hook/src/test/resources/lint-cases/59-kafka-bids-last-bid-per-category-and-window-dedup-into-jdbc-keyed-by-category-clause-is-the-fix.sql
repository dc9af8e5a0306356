-- expect: BLOCK on-conflict-required
-- expect-rewrite: on-conflict
-- expect-reason: the query's window deduplication (ROW_NUMBER() OVER (PARTITION BY window_start, window_end, category ORDER BY ts DESC) over the TUMBLE window TVF, kept where rn = 1
-- expect-reason: has no upsert key in Flink 2.3, whatever it selects and the sink declares
-- expect-reason-absent: the updating rows of one key pass through different parallel instances
-- expect-fix: No key the sink declares makes the clause unneeded: Flink 2.3 derives none for a window deduplication. Its rows are inserts, one row per window and category, so end the INSERT with ON CONFLICT DO DEDUPLICATE
-- expect-fix-absent: PRIMARY KEY (window_start, window_end, category)
-- expect-fix-absent: An ON CONFLICT clause is no fix here
-- The last bid of every ten minutes per category (a window deduplication: a Top-1 ordered by the time attribute over a
-- TUMBLE window TVF) into a jdbc table keyed by category, the latest window's bid per category. Flink 2.3.0 refuses it
-- ("upsert key: ."): FlinkRelMdUpsertKeys has no case for a WindowDeduplicate, so it has no key whatever the sink
-- declares (asked: keyed by (window_start, window_end, category) it is refused just as well). Before, the fix offered
-- exactly that key as needing no clause, said that no ON CONFLICT clause is a fix ("the partitions of one category each
-- write their top row to one sink row"), and no rewrite was offered. The partitions that share a sink row are the
-- windows, whose rows arrive one window after the other: DO DEDUPLICATE keeps the latest window's, as a window Top-1
-- ordered by price and keyed so plans with no clause (Flink keys it by category). Flink 1.20 plans it with no
-- materializer. OnConflictNoKeyReasonTest.
CREATE TABLE bids (
  item STRING,
  category STRING,
  bidder STRING,
  price DECIMAL(10, 2),
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH ('connector' = 'kafka', 'topic' = 'bids', 'properties.bootstrap.servers' = 'kafka:9092', 'format' = 'json');

CREATE TABLE last_bid_per_category (
  category STRING,
  item STRING,
  price DECIMAL(10, 2),
  PRIMARY KEY (category) NOT ENFORCED
) WITH ('connector' = 'jdbc', 'url' = 'jdbc:postgresql://db:5432/shop', 'table-name' = 'last_bid_per_category');

INSERT INTO last_bid_per_category
SELECT category, item, price FROM (
  SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end, category ORDER BY ts DESC) AS rn
  FROM TABLE(TUMBLE(TABLE bids, DESCRIPTOR(ts), INTERVAL '10' MINUTE))
) WHERE rn = 1;
