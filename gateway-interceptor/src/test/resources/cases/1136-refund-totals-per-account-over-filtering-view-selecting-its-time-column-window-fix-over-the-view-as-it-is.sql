-- expect: WARN stateful-without-ttl
-- expect-fix: GROUP BY window_start, window_end, account over TABLE(TUMBLE(TABLE large_refunds, DESCRIPTOR(refunded_at), INTERVAL '5' MINUTE)) (or the size
-- expect-fix-absent: added to the SELECT of the view
-- 1135's view selecting refunded_at: a window reads the view as it is, its filter kept, and the fix says nothing of the
-- view's columns.
CREATE TABLE refunds (
  refund_id STRING,
  account STRING,
  amount DECIMAL(10, 2),
  refunded_at TIMESTAMP(3),
  WATERMARK FOR refunded_at AS refunded_at - INTERVAL '10' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '5', 'fields.account.length' = '3');

CREATE TEMPORARY VIEW large_refunds AS
SELECT refund_id, account, amount, refunded_at FROM refunds WHERE amount > 500;

SELECT account, SUM(amount) AS refunded, COUNT(*) AS refund_count
FROM large_refunds
GROUP BY account;
