-- expect: BLOCK ttl-too-short
-- expect-rewrite: ttl-unit
-- expect-fix: between rows of one key: /*+ STATE_TTL('o' = '1 d') */
-- expect-fix-absent: with a unit
-- A STATE_TTL hint of '30 s' on both inputs of a join, below the minimum of 1 min: a value with a unit names no
-- likely intent, so the fix and the ttl-unit rewrite both write the advised TTL (sql-guard.rewrite.state-ttl, 1 d),
-- from the finding's facts.
CREATE TABLE orders (
  order_id STRING,
  amount DOUBLE
) WITH ('connector' = 'datagen');

CREATE TABLE payments (
  order_id STRING,
  paid DOUBLE
) WITH ('connector' = 'datagen');

select /*+ STATE_TTL('o' = '30 s', 'p' = '30 s') */ o.order_id, o.amount, p.paid
from orders o
join payments p on o.order_id = p.order_id;
