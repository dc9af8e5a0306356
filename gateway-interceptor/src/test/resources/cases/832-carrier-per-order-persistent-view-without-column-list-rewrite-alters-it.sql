-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-fix: in the view order_carriers, whose join this is, on its joining SELECT
-- Case 831's persistent view without a column list: its columns are its query's, which ALTER VIEW ... AS keeps, so
-- the rewrite alters it in place (golden 832).
create table orders (order_id string, amount decimal(10, 2)) with ('connector' = 'datagen');

create table shipments (order_id string, carrier string) with ('connector' = 'datagen');

create view order_carriers as
select o.order_id as id, o.amount as amt, s.carrier as shipped_by
from orders o
join shipments s
  on o.order_id = s.order_id;

select id, shipped_by from order_carriers where amt > 100;
