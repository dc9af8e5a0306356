-- expect: WARN stateful-without-ttl
-- expect-fix: GROUP BY window_start, window_end, account over TABLE(TUMBLE(TABLE large_refunds, DESCRIPTOR(refunded_at), INTERVAL '5' MINUTE)) (with refunded_at added to the SELECT of the view large_refunds, which selects no time column
-- Refund totals per account through a view that filters the large refunds and selects no time column. The window way
-- read TABLE(TUMBLE(TABLE large_refunds, DESCRIPTOR(refunded_at), ...)), a column the view does not have; over refunds
-- instead it would drop the view's filter. The fix keeps the view and says to select refunded_at in it (a window over
-- a view that selects its table's time attribute plans: the Calc keeps it).
CREATE TABLE refunds (
  refund_id STRING,
  account STRING,
  amount DECIMAL(10, 2),
  refunded_at TIMESTAMP(3),
  WATERMARK FOR refunded_at AS refunded_at - INTERVAL '10' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '5', 'fields.account.length' = '3');

CREATE TEMPORARY VIEW large_refunds AS
SELECT refund_id, account, amount FROM refunds WHERE amount > 500;

SELECT account, SUM(amount) AS refunded, COUNT(*) AS refund_count
FROM large_refunds
GROUP BY account;
