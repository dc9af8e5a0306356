-- expect: WARN global-rank stateful-without-ttl
-- expect-absent: unbounded-rank rank-retract
-- ORDER BY a COUNT(*) per account LIMIT 5: the count only grows, so Flink ranks it with UpdateFastStrategy
-- (UpdatableTopNFunction "only hold top n data in state"): the Top-N's state cannot grow. The aggregation
-- below it keeps one count per account and has no TTL: that is the finding.
CREATE TABLE payments (
  payment_id STRING,
  account_id STRING,
  amount DECIMAL(12, 2),
  paid_at TIMESTAMP(3),
  WATERMARK FOR paid_at AS paid_at - INTERVAL '2' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '20');

SELECT account_id, payments
FROM (SELECT account_id, COUNT(*) AS payments FROM payments GROUP BY account_id)
ORDER BY payments DESC
LIMIT 5;
