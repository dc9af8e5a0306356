-- expect: WARN interval-join-never-matches
-- expect-fix: the smaller: p.ts >= i.ts AND i.ts + INTERVAL '30' MINUTE > p.ts (or
-- expect-fix-absent: ts BETWEEN
-- Payments within half an hour after their invoice, both tables' time column named ts and the upper bound written
-- the other way round (i.ts + INTERVAL '30' MINUTE > p.ts), the two bounds crossed. The fix exchanges the bounds of
-- the user's two comparisons, each kept as written (its side, > or >=), rather than a BETWEEN of the plan's.
CREATE TABLE payments (
  invoice_id STRING,
  amount DOUBLE,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE invoices (
  invoice_id STRING,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT p.invoice_id, p.amount
FROM payments p, invoices i
WHERE p.invoice_id = i.invoice_id
  AND p.ts >= i.ts + INTERVAL '30' MINUTE
  AND i.ts > p.ts;
