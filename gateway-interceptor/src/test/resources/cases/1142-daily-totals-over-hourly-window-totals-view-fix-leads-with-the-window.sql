-- expect: WARN stateful-without-ttl
-- expect-rewrite: window-aggregate
-- expect-fix: Set a state TTL longer than a key (sale_day, shop) stays active
-- Daily sales per shop summed from a view of hourly window totals that carries window_time as rowtime, bucketed by
-- hand with FLOOR(rowtime TO DAY). The rule sees no bucket of a table's event time (the view's rowtime is a window's
-- time), so its fix is the TTL alone; the window-aggregate rewrite cascades the window aggregation (proven, a CUMULATE
-- of a day stepping each hour), and the fix now names that window first, as the rewrite wrote it, the TTL after it (the
-- golden file: "Aggregate per window, whose state is freed when it closes: GROUP BY window_start, window_end, shop over
-- TABLE(CUMULATE(TABLE hourly_sales, ...)) ...; or set a state TTL ..."; the header's fix is the rule's, before proofs)
-- (issue 30 §2: the structural fix first, wherever the first proven rewrite is one; before, case 1119's fix led with
-- the TTL).
CREATE TABLE sales (
  shop STRING,
  amount DECIMAL(10, 2),
  sold_at TIMESTAMP(3),
  WATERMARK FOR sold_at AS sold_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE VIEW hourly_sales AS
SELECT window_start AS hour_start, window_time AS rowtime, shop, SUM(amount) AS total
FROM TABLE(TUMBLE(TABLE sales, DESCRIPTOR(sold_at), INTERVAL '1' HOUR))
GROUP BY window_start, window_end, window_time, shop;

SELECT FLOOR(rowtime TO DAY) AS sale_day, shop, SUM(total) AS total
FROM hourly_sales
GROUP BY FLOOR(rowtime TO DAY), shop;
