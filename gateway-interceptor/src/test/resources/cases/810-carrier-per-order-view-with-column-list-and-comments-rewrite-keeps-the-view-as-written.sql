-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-fix: in the view order_carriers, whose join this is, on its joining SELECT
-- A view with a column list, comments and lower-case keywords, joining orders with shipments, read by a statement
-- that filters it. The state-ttl-hint rewrite redefines the view: before, from the query Flink's catalog keeps
-- (upper case, INNER JOIN, AS before each alias, comments gone) and without the column list, so the statement's
-- column names were gone and the rewrite could not plan; now the view's own CREATE VIEW with the hint spliced after
-- its select (golden 810).
create table orders (order_id string, amount decimal(10, 2)) with ('connector' = 'datagen');

create table shipments (order_id string, carrier string) with ('connector' = 'datagen');

create temporary view order_carriers (id, amt, shipped_by) as
-- one row per shipped order
select o.order_id, o.amount, s.carrier
from orders o
join shipments s
  on o.order_id = s.order_id; -- shipments arrive once

select id, shipped_by from order_carriers where amt > 100;
