-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-fix: in the view order_carriers, whose join this is, on its joining SELECT
-- Case 810's view made persistent (CREATE VIEW, the session's catalog keeps it): it names its columns (id, amt,
-- shipped_by), which the statement reads. The rewrite redefined it with ALTER VIEW order_carriers AS <query>, which
-- has no column list: Flink's AlterViewAsOperation names the view's columns by the new query's (order_id, amount,
-- carrier), and the statement's id, amt and shipped_by are gone. It drops the view and creates it again with its own
-- CREATE VIEW, column list and all, the hint spliced in (golden 831).
create table orders (order_id string, amount decimal(10, 2)) with ('connector' = 'datagen');

create table shipments (order_id string, carrier string) with ('connector' = 'datagen');

create view order_carriers (id, amt, shipped_by) as
select o.order_id, o.amount, s.carrier
from orders o
join shipments s
  on o.order_id = s.order_id;

select id, shipped_by from order_carriers where amt > 100;
