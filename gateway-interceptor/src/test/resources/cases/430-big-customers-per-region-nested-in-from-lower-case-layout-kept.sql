-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- Issue 30, "splice only what changes": the state-ttl-hint rewrite adds a hint to each aggregating block, here the
-- outer one and the one nested in its FROM. The outer block's hint counted as a change of more than its hints (its
-- FROM changed too, by the inner hint), so the splice was lifted to the whole statement, written anew on one line:
-- keyword case, comments, BETWEEN ASYMMETRIC and the line breaks lost. The golden file pins the rewrite as this
-- text with a hint after each of the two `select` keywords and nothing else changed.
CREATE TABLE sales (
  customer_id STRING,
  region STRING,
  amount DOUBLE
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.customer_id.length' = '3',
        'fields.region.length' = '1');

-- customers above 100 per region
select region, count(*) as big_customers -- one row per region
from (
    select   customer_id, region,
             sum(amount) as total   -- all-time total per customer
    from sales
    where amount between asymmetric 1 and 1000
    group by customer_id, region
) as t
where total > 100
group by region;
