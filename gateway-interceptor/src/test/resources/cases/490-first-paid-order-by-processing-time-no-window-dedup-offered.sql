-- expect: INFO stateful-without-ttl
-- expect-fix: SET 'table.exec.state.ttl'
-- expect-fix: Flink refuses one ordered by processing time
-- expect-fix-absent: or deduplicate per window
-- The first payment event per order by arrival (ROW_NUMBER() ... ORDER BY proc_time ASC, rn = 1), written as a
-- Chinese Flink SQL tutorial writes it: a Deduplicate ordered by processing time. Its fix offered "or deduplicate
-- per window", but Flink has no window deduplication over processing time: StreamExecWindowDeduplicate refuses it
-- while translating ("Processing time Window Deduplication is not supported yet.", Flink 2.3.0 and 1.20). The fix
-- now says so instead of offering it (issue 30 §2: a fix that does not apply is worse than none).
CREATE TABLE order_paid (
  order_id STRING,
  user_id STRING,
  amount DECIMAL(10, 2),
  pay_time TIMESTAMP(3),
  proc_time AS PROCTIME()
) WITH ('connector' = 'datagen');

CREATE TABLE first_paid (
  order_id STRING,
  user_id STRING,
  amount DECIMAL(10, 2),
  pay_time TIMESTAMP(3)
) WITH ('connector' = 'blackhole');

INSERT INTO first_paid
SELECT order_id, user_id, amount, pay_time
FROM (
  SELECT *, ROW_NUMBER() OVER (PARTITION BY order_id ORDER BY proc_time ASC) AS rn
  FROM order_paid
)
WHERE rn = 1;
