-- expect: BLOCK ttl-not-a-table-option
-- expect-reason: carries the state TTL 'state.ttl' = '1 d' as a table option, in an OPTIONS hint of this query
-- expect-reason-absent: in the table's WITH clause
-- expect-fix: Remove 'state.ttl' = '1 d' from the OPTIONS hint
-- expect-fix: /*+ STATE_TTL('p' = '1 d') */
-- expect-rewrite: ttl-as-job-setting
-- A TTL written into an OPTIONS hint on an aliased source of an INSERT (issue 30 §3, round 68): datagen refuses the
-- key, and the reason names where it is written, the query's OPTIONS hint (not the table's WITH clause, which has no
-- such key), as round 67's wording does for a WITH clause (cases 1094, 1095); the fix removes it from the hint and
-- names the table in a STATE_TTL hint by its alias.
CREATE TABLE payments (
  payment_id STRING,
  shop_id STRING,
  amount DECIMAL(10, 2)
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.shop_id.length' = '2');

CREATE TABLE revenue_per_shop (
  shop_id STRING,
  revenue DECIMAL(38, 2),
  PRIMARY KEY (shop_id) NOT ENFORCED
) WITH ('connector' = 'blackhole');

INSERT INTO revenue_per_shop
SELECT p.shop_id, SUM(p.amount) AS revenue
FROM payments /*+ OPTIONS('state.ttl' = '1 d') */ AS p
GROUP BY p.shop_id;
