-- expect: BLOCK planner-error ttl-hint-ignored
-- expect-reason: names 'totals', which is no input of its SELECT (its inputs: 'payments')
-- expect-reason: this statement was not planned, so Flink has not said so yet
-- An INSERT into a table the session does not have, its aggregation hinted by a name that is no input of the SELECT:
-- Flink refuses it for the missing table first, and once the table exists it would refuse the hint. Both are said.
CREATE TABLE payments (
  account STRING,
  amount DOUBLE
) WITH ('connector' = 'datagen');

INSERT INTO account_totals
SELECT /*+ STATE_TTL('totals' = '1 d') */ account, SUM(amount) AS total
FROM payments
GROUP BY account;
