-- expect: BLOCK rank-function-unsupported
-- expect-rewrite: row-number
-- expect-fix: Use ROW_NUMBER() in place of RANK()
-- The three highest bids per 10-minute window written with RANK(), as a batch dialect ranks: a window Top-N, which
-- Flink refuses while translating with another message than the unwindowed Top-N's ("RANK() function is not
-- supported on Window TopN currently, only ROW_NUMBER() is supported.", StreamExecWindowRank, Flink 2.3.0 and
-- 1.20.0). The guard answered it with "Correct the statement as Flink's message says"; it is now the same
-- rank-function-unsupported as the unwindowed shape, and the row-number rewrite plans a WindowRank.
CREATE TABLE bids (
  item STRING,
  price DECIMAL(10, 2),
  bidder STRING,
  bid_time TIMESTAMP(3),
  WATERMARK FOR bid_time AS bid_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT *
FROM (
  SELECT item, price, window_start, window_end,
         RANK() OVER (PARTITION BY window_start, window_end ORDER BY price DESC) AS rk
  FROM TABLE(TUMBLE(TABLE bids, DESCRIPTOR(bid_time), INTERVAL '10' MINUTES))
)
WHERE rk <= 3;
