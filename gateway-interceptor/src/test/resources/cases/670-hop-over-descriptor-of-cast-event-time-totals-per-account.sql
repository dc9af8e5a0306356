-- expect: BLOCK planner-error
-- expect-fix: name that column: DESCRIPTOR(event_time)
-- A HOP of 10 minutes every minute over DESCRIPTOR(CAST(ts_millis AS TIMESTAMP(3))), totals per account. Flink says
-- "Column 'ts_millis' not found in any table" of a column the table has (it reads the DESCRIPTOR's argument as a
-- column name), and the fix said to correct the statement as that message says: the same kind as case 669, another
-- window and another message, answered the same way.
CREATE TABLE payments (
  account_id STRING,
  amount DECIMAL(10, 2),
  ts_millis BIGINT
) WITH ('connector' = 'datagen');

SELECT window_start, window_end, account_id, SUM(amount) AS total
FROM TABLE(HOP(TABLE payments, DESCRIPTOR(CAST(ts_millis AS TIMESTAMP(3))), INTERVAL '1' MINUTE, INTERVAL '10' MINUTE))
GROUP BY window_start, window_end, account_id;
