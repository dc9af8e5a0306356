-- expect: BLOCK on-conflict-required
-- expect-rewrite: on-conflict
-- expect-reason: the statement's window join (JOIN on b.item = a.item AND b.window_start = a.window_start AND b.window_end = a.window_end, per window over the TUMBLE window TVF) has no upsert key in Flink 2.3
-- expect-reason-absent: the updating rows of one key
-- expect-fix: No key the sink declares makes the clause unneeded: Flink 2.3 derives none for a window join
-- expect-fix: they compete for that sink row and the one that arrives last stays
-- expect-fix-absent: Give the rows the sink's key
-- expect-fix-absent: its materializer keeps each key's rows until their retraction arrives
-- Bids matched with asks of the same item in the same ten minutes (a window join of two TUMBLE window TVFs) written
-- into a jdbc table keyed by (item, window_start). Flink 2.3.0 refuses it ("upsert key: ."): a join is keyed by its
-- inputs' keys, and Flink derives none for a window TVF's rows (FlinkRelMdUpsertKeys has no case for the
-- WindowTableFunction), so no sink key helps. Before, the reason named a join "on another column than the key" that
-- sends updating rows out of order, and the fix "aggregate (or deduplicate) by the primary key's columns" and a
-- materializer that waits for retractions: the window join emits inserts, every matching pair once when its window
-- closes, and several pairs of one item and window compete for its sink row. Flink 1.20 plans it with no materializer.
-- OnConflictNoKeyReasonTest.
CREATE TABLE bids (
  item STRING,
  bidder STRING,
  price DECIMAL(10, 2),
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH ('connector' = 'kafka', 'topic' = 'bids', 'properties.bootstrap.servers' = 'kafka:9092', 'format' = 'json');

CREATE TABLE asks (
  item STRING,
  seller STRING,
  ask DECIMAL(10, 2),
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH ('connector' = 'kafka', 'topic' = 'asks', 'properties.bootstrap.servers' = 'kafka:9092', 'format' = 'json');

CREATE TABLE bid_ask_matches (
  item STRING,
  window_start TIMESTAMP(3),
  bidder STRING,
  seller STRING,
  price DECIMAL(10, 2),
  ask DECIMAL(10, 2),
  PRIMARY KEY (item, window_start) NOT ENFORCED
) WITH ('connector' = 'jdbc', 'url' = 'jdbc:postgresql://db:5432/shop', 'table-name' = 'bid_ask_matches');

INSERT INTO bid_ask_matches
SELECT b.item, b.window_start, b.bidder, a.seller, b.price, a.ask
FROM (SELECT * FROM TABLE(TUMBLE(TABLE bids, DESCRIPTOR(ts), INTERVAL '10' MINUTE))) b
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE asks, DESCRIPTOR(ts), INTERVAL '10' MINUTE))) a
ON b.item = a.item AND b.window_start = a.window_start AND b.window_end = a.window_end;
