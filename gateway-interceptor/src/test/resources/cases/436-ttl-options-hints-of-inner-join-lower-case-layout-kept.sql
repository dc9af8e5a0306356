-- expect: BLOCK ttl-not-a-table-option
-- expect-rewrite: ttl-as-job-setting
-- Issue 30, "splice only what changes": case 273's OPTIONS hints per input (a TTL is no table option), in a
-- lower-case INNER JOIN written over several lines with comments. The ttl-as-job-setting rewrite takes the two
-- OPTIONS hints off the tables and puts a STATE_TTL hint per input on the join's block; the block's hint was seen
-- as more than a change of its hints (its FROM changed too), so the whole block was reprinted on one line, `inner`
-- and the comments lost. Now the two hints are cut where they stand and the STATE_TTL hint written after `select`.
CREATE TABLE orders (order_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE payments (order_id STRING, paid DOUBLE) WITH ('connector' = 'datagen');

select o.order_id,
       o.amount,   -- as ordered
       p.paid      -- as paid
from orders /*+ OPTIONS('table.exec.state.ttl' = '12 h') */ o
inner join payments /*+ OPTIONS('table.exec.state.ttl' = '2 d') */ p
  on o.order_id = p.order_id
where o.amount between asymmetric 1 and 1000;
