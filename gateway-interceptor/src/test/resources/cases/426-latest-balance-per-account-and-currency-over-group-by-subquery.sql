-- expect: BLOCK unbounded-rank dedup-not-recognized stateful-without-ttl
-- expect-rewrite: ranking-dropped
-- expect-fix: drop the ROW_NUMBER and its filter
-- The last balance per account and currency, ranked over a subquery that already groups by account and currency:
-- each (account_id, currency) partition holds the one row the aggregation keeps for it, so the Top-1 keeps that row
-- and only adds a Rank whose state holds every key again. The rewrite drops the ROW_NUMBER and its `rn <= 1`, and
-- keeps the user's other condition (balance > 0); no WATERMARK can be declared on MAX(booked_at), and a state TTL
-- would forget balances that the ranking never needed.
CREATE TABLE ledger (
  entry_id STRING,
  account_id STRING,
  currency STRING,
  delta DECIMAL(12, 2),
  booked_at TIMESTAMP(3),
  WATERMARK FOR booked_at AS booked_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT account_id, currency, balance
FROM (
  SELECT account_id, currency, balance,
         ROW_NUMBER() OVER (PARTITION BY currency, account_id ORDER BY last_booked DESC) AS rn
  FROM (
    SELECT account_id, currency, SUM(delta) AS balance, MAX(booked_at) AS last_booked
    FROM ledger
    GROUP BY account_id, currency
  ) AS balances
) AS ranked
WHERE rn <= 1 AND balance > 0;
