-- expect: WARN ttl-hint-ignored stateful-without-ttl
-- expect-rewrite: hint-moved
-- Issue 30, "splice only what changes": a STATE_TTL hint on a block that only projects, which Flink ignores (no
-- join or aggregation in it), written in lower case over several lines. The hint-moved rewrite takes it off that
-- block and, where it fits, puts it on the block that aggregates: the hint's own text is cut (from after `select`
-- to its closing `*/`, found by Flink's tokens) and the rest of the block stays as written. Before, a hint taken
-- off lifted the splice to the whole block, reprinted on one line.
CREATE TABLE payments (
  account STRING,
  amount DOUBLE
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.account.length' = '3');

select account, sum(amount) as total -- per account, all time
from (
  /* only positive payments */
  select /*+ STATE_TTL('payments' = '2 h') */
         account,
         amount
  from payments
  where amount between asymmetric 0.01 and 1000000
)
group by account;
