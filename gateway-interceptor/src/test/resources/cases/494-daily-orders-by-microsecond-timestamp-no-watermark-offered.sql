-- expect: WARN stateful-without-ttl
-- expect-fix: at least as long as order_day's bucket, the day a row falls in
-- expect-fix-absent: WATERMARK FOR
-- Orders per day by CAST(created_at AS DATE) over a TIMESTAMP(6) column: Flink declares a WATERMARK only on a
-- TIMESTAMP(p) or TIMESTAMP_LTZ(p) of precision 0 to 3 (DefaultSchemaResolver), so the fix offers no watermark on
-- created_at (case 493 is the TIMESTAMP(3) shape, where it does).
CREATE TABLE orders (
  order_id STRING,
  amount DOUBLE,
  created_at TIMESTAMP(6)
) WITH ('connector' = 'datagen');

SELECT CAST(created_at AS DATE) AS order_day, COUNT(*) AS orders, SUM(amount) AS revenue
FROM orders
GROUP BY CAST(created_at AS DATE);
