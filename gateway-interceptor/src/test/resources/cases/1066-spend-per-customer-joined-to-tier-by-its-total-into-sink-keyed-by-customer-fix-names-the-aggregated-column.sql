-- expect: BLOCK on-conflict-required
-- expect-reason: a join on another column (total is SUM(amount), an aggregated value) distributes the updating rows
-- expect-fix: Where the join on t.total = r.min_total distributes the rows by total (SUM(amount)), an aggregated value, rather than by the sink's key, no key reaches the sink and ON CONFLICT DO DEDUPLICATE is the fix
-- expect-fix-absent: (a join on an aggregated value, a PARTITION BY an aggregated value)
-- Each customer's spend summed and joined with the tier whose threshold equals it, into a sink keyed by customer
-- (TableSinkTest#testSinkDisorderChangeLogWithJoin's shape). The reason named the aggregated column; the fix stayed
-- general ("a join on an aggregated value, a PARTITION BY an aggregated value"): it now names the join and the column
-- from the same fact.
CREATE TABLE payments (customer STRING, amount BIGINT) WITH ('connector' = 'datagen');

CREATE TABLE tiers (min_total BIGINT, tier STRING, PRIMARY KEY (min_total) NOT ENFORCED) WITH ('connector' = 'datagen');

CREATE TABLE customer_tiers (customer STRING, total BIGINT, tier STRING, PRIMARY KEY (customer) NOT ENFORCED)
WITH ('connector' = 'blackhole');

SET 'table.exec.state.ttl' = '1 d';

INSERT INTO customer_tiers
SELECT t.customer, t.total, r.tier
FROM (SELECT customer, SUM(amount) AS total FROM payments GROUP BY customer) AS t
JOIN tiers AS r ON t.total = r.min_total;
