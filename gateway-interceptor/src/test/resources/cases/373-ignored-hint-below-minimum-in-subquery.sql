-- expect: WARN ttl-hint-ignored stateful-without-ttl
-- expect-fix: at least 1 min
-- expect-fix-absent: = '45 s'
-- A STATE_TTL hint of '45 s' on a subquery that only projects: Flink ignores it (no join or aggregation in its block).
-- The fix must not propose '45 s' again, for the job or for the SELECT that aggregates: it is below
-- sql-guard.min-state-ttl (1 min), where ttl-too-short would block it; the fix names the minimum instead.
CREATE TABLE payments (
  account STRING,
  amount DOUBLE,
  paid_at TIMESTAMP(3),
  WATERMARK FOR paid_at AS paid_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.account.length' = '3');

SELECT account, SUM(amount) AS total
FROM (
  SELECT /*+ STATE_TTL('payments' = '45 s') */ account, amount
  FROM payments
  WHERE amount > 0
)
GROUP BY account;
