-- expect: BLOCK on-conflict-required
-- expect-reason: the statement's OVER aggregate emits one row for each row it reads
-- expect-reason-absent: a join or a ranking in a view it reads
-- A running total per account by event time, written into a sink keyed by the account: the OVER aggregate emits a
-- row for every transfer, none keyed by the account. Before: the reason guessed a narrower key column type. An upsert
-- sink (upsert-kafka, through a stand-in), as 24.
CREATE TABLE transfers (
  account_id BIGINT,
  amount DECIMAL(12, 2),
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE balances (
  account_id BIGINT,
  balance DECIMAL(38, 2),
  PRIMARY KEY (account_id) NOT ENFORCED
) WITH ('connector' = 'upsert-kafka', 'topic' = 'balances', 'key.format' = 'json', 'value.format' = 'json');

INSERT INTO balances
SELECT account_id, SUM(amount) OVER (PARTITION BY account_id ORDER BY ts ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
FROM transfers;
