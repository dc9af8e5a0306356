-- expect: WARN stateful-without-ttl
-- expect-reason: AND UPPER(city) = UPPER(city)
-- expect-reason-absent: c.UPPER(city)
-- expect-fix-absent: STATE_TTL(
-- A row-value IN with a computed member: Flink's SEMI join is keyed by country and by UPPER(city), an
-- expression it computes on each side. The message qualified the call like a column ("c.UPPER(city) =
-- st.UPPER(city)", no SQL); a computed key is now printed as Flink computes it, unqualified.
CREATE TABLE customers (
  customer_id STRING,
  country STRING,
  city STRING,
  signup_time TIMESTAMP(3),
  WATERMARK FOR signup_time AS signup_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE stores (
  store_id STRING,
  country STRING,
  city STRING,
  opened_at TIMESTAMP(3),
  WATERMARK FOR opened_at AS opened_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '1');

SELECT c.customer_id
FROM customers AS c
WHERE (c.country, UPPER(c.city)) IN (
  SELECT st.country, UPPER(st.city) FROM stores AS st
);
