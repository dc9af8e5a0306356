-- expect: WARN stateful-without-ttl
-- expect-fix: emitted once, when its interval has passed without one (no payments row within the bound), not at once and retracted when its match arrives
-- expect-fix-absent: FOR SYSTEM_TIME AS OF
-- Orders without a payment as in case 682, the right side unaliased and read with an OPTIONS hint
-- (payments /*+ OPTIONS(...) */, qualified by its table name in the WHERE). LeftAntiJoins named a FROM item by its
-- alias or a bare table name only, so this anti-join was not recognised and the fix offered a lookup join, which
-- would keep an order whose payment comes later in the result for good. It now names a FROM item as a query hint
-- does (HintInputName: the table under an OPTIONS hint too), the one reader of that name.
CREATE TABLE orders (
  order_id STRING,
  amount DOUBLE,
  order_ts TIMESTAMP(3),
  proc AS PROCTIME(),
  WATERMARK FOR order_ts AS order_ts - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE payments (
  order_id STRING,
  paid DOUBLE,
  pay_ts TIMESTAMP(3),
  WATERMARK FOR pay_ts AS pay_ts - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT orders.order_id, orders.amount
FROM orders LEFT JOIN payments /*+ OPTIONS('rows-per-second' = '5') */ ON orders.order_id = payments.order_id
WHERE payments.order_id IS NULL;
