-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint session-state-ttl
-- Totals per currency over orders converted at the rate valid at their time, the LEFT temporal join in a WITH
-- clause and lower case. The state-ttl-hint rewrite hints the aggregating block alone, naming converted; it used to
-- hint the WITH item's block too (STATE_TTL('o', 'r'), which Flink drops: a temporal join takes no hint), and its
-- changes: line listed that hint beside the aggregation's (issue 30 §1). The session TTL's changes: line says what
-- the TTL does to the temporal join: an idle timeout, after which an order finds no rate and is emitted with NULLs.
create table Orders (
  amount int,
  currency string,
  rowtime timestamp(3),
  watermark for rowtime as rowtime
) with ('connector' = 'datagen');

create table RatesHistoryWithPK (
  currency string,
  rate int,
  rowtime timestamp(3),
  watermark for rowtime as rowtime,
  primary key (currency) not enforced
) with ('connector' = 'datagen');

with converted as (
  select o.currency, cast(o.amount as bigint) * r.rate as amount
  from Orders as o
  left join RatesHistoryWithPK for system_time as of o.rowtime as r on o.currency = r.currency
)
select currency, sum(amount) as total
from converted
group by currency;
