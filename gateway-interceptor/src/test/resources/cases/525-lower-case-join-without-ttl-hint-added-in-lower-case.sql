-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint session-state-ttl
-- A join written in lower case, without a TTL. The state-ttl-hint rewrite adds its hint in the statement's keyword
-- case, /*+ state_ttl('o' = '1 d', 'p' = '1 d') */: Flink reads a STATE_TTL hint's name case aside
-- (StateTtlHint#isStateTtlHint upper-cases it; CapitalizeQueryHintsShuttle). It was written STATE_TTL in upper case
-- in an otherwise lower-case statement.
create table orders (
  order_id string,
  amount double
) with ('connector' = 'datagen');

create table payments (
  order_id string,
  paid double
) with ('connector' = 'datagen');

-- every order with its payment
select o.order_id,
       o.amount,
       p.paid
from orders as o
join payments as p on o.order_id = p.order_id;
