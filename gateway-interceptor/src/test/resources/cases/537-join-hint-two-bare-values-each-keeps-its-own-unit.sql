-- expect: BLOCK ttl-too-short ttl-bare-number
-- expect-rewrite: ttl-unit
-- expect-fix: STATE_TTL('p' = '12 h')
-- expect-fix: STATE_TTL('o' = '48 h')
-- A join's STATE_TTL hint with a bare number for each input, '48' for the orders and '12' for the payments: Flink
-- reads 48 ms and 12 ms. The ttl-unit rewrite wrote one finding's TTL into both values ('48 h' and '48 h'), the
-- user's 12 meaning 12 hours lost; each value now keeps its own likely unit: '48 h' and '12 h'.
CREATE TABLE orders (
  order_id STRING,
  amount DOUBLE
) WITH ('connector' = 'datagen');

CREATE TABLE payments (
  order_id STRING,
  paid DOUBLE
) WITH ('connector' = 'datagen');

SELECT /*+ STATE_TTL('o' = '48', 'p' = '12') */ o.order_id, o.amount, p.paid
FROM orders AS o
JOIN payments AS p ON o.order_id = p.order_id;
