-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- Revenue per shop over payments joined with orders, in a subquery whose STATE_TTL hint pins the orders side at '0'
-- (every order kept, the user's choice) and gives payments 1 d; the aggregation above it has no TTL. The join's
-- finding is about the pin, and its rewrite replaces it; the aggregation's finding is not, and its state-ttl-hint
-- rewrite replaced the '0' all the same (issue 30 §1). It now keeps STATE_TTL('o' = '0', 'p' = '1 d') as written,
-- hints the aggregation alone, and its changes: line says the join and the aggregation then expire at different times
-- (golden 1157).
CREATE TABLE payments (payment_id STRING, order_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE orders (order_id STRING, shop STRING) WITH ('connector' = 'datagen');

SELECT shop, SUM(amount) AS revenue
FROM (
  SELECT /*+ STATE_TTL('o' = '0', 'p' = '1 d') */ o.shop, p.amount
  FROM payments p
  JOIN orders o ON p.order_id = o.order_id
) paid
GROUP BY shop;
