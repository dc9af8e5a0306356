-- expect: WARN stateful-without-ttl
-- expect-fix: ON o.order_id = p.order_id AND p.pay_ts BETWEEN o.order_ts - INTERVAL '1' HOUR AND o.order_ts + INTERVAL '1' HOUR
-- expect-fix: the statement does not say whether a payments row comes before or after its orders row
-- expect-fix: where it comes after, as a reply follows its request, BETWEEN o.order_ts AND o.order_ts + INTERVAL '1' HOUR
-- expect-fix-absent: INTERVAL '1' HOUR AND o.order_ts; or
-- Orders joined with their payments by key only, both tables watermarked. The fix's interval join matched payments
-- made in the hour before the order (round 54's new user: backwards for orders and payments). The statement says
-- nothing of which comes first, so the bound is an hour either side of the order's time, and the fix says how to
-- narrow it to the side the rows come in.
CREATE TABLE orders (
  order_id STRING,
  amount DOUBLE,
  order_ts TIMESTAMP(3),
  WATERMARK FOR order_ts AS order_ts - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE payments (
  order_id STRING,
  paid DOUBLE,
  pay_ts TIMESTAMP(3),
  WATERMARK FOR pay_ts AS pay_ts - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT o.order_id, o.amount, p.paid
FROM orders o JOIN payments p ON o.order_id = p.order_id;
