-- expect: WARN stateful-without-ttl
-- expect-reason: Flink planned a regular join: B1.wend is the window_end of GlobalWindowAggregate
-- expect-reason: a window's time attribute is its window_time (window_end - 1 ms)
-- expect-reason-absent: no WATERMARK is declared
-- expect-fix: Bound the join by the window's time attribute: select window_time in place of window_end for B1.wend
-- expect-fix: its bounds move 1 ms earlier
-- Nexmark q7 (the bids at each 10-second window's highest price, made in the 10 seconds before the window's end):
-- the window aggregation's window_end bounds the bid's event time, so Flink plans a regular join, which keeps every
-- bid and every window's maximum forever. window_end is a plain TIMESTAMP; selected as window_time (and grouped by)
-- the same condition plans an IntervalJoin (asked of Flink 2.3.0), its bounds 1 ms earlier. Before: "wend (bids) is
-- not a time attribute (no WATERMARK is declared on it ...)", the table declaring its WATERMARK on bid_time, and no
-- structural fix.
CREATE TABLE bids (
  auction BIGINT,
  bidder BIGINT,
  price BIGINT,
  bid_time TIMESTAMP(3),
  WATERMARK FOR bid_time AS bid_time - INTERVAL '4' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE top_bids (
  auction BIGINT,
  price BIGINT,
  bidder BIGINT,
  bid_time TIMESTAMP(3)
) WITH ('connector' = 'blackhole');

INSERT INTO top_bids
SELECT B.auction, B.price, B.bidder, B.bid_time
FROM bids B
JOIN (
  SELECT MAX(price) AS maxprice, window_end AS wend
  FROM TABLE(TUMBLE(TABLE bids, DESCRIPTOR(bid_time), INTERVAL '10' SECOND))
  GROUP BY window_start, window_end
) B1
ON B.price = B1.maxprice
WHERE B.bid_time BETWEEN B1.wend - INTERVAL '10' SECOND AND B1.wend;
