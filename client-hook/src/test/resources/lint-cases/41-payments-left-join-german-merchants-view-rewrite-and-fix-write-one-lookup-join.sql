-- expect: WARN stateful-without-ttl
-- expect-rewrite: lookup-join
-- expect-fix: Join merchants as a lookup join, which keeps no state (its connector is a lookup source: the lookup join plans): LEFT JOIN merchants FOR SYSTEM_TIME AS OF p.paid_at AS m ON p.merchant_id = m.merchant_id AND (m.country = 'DE' AND m.verified) (merchants read in place of the view german_merchants, which Flink does not look up, with the view's condition in the ON)
-- expect-changes: the join reads merchants, the table the view german_merchants selects from, in its place
-- Lint case 39 with rewrites on: the lookup-join rewrite's proven join and the fix's first way are one text, the one
-- the rule writes with rewrites off (case 39's expect-fix): both read the view through statement.FilteredView.
CREATE TABLE payments (
  payment_id STRING,
  merchant_id BIGINT,
  amount DECIMAL(10, 2),
  paid_at AS PROCTIME()
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE merchants (
  merchant_id BIGINT,
  name STRING,
  country STRING,
  verified BOOLEAN,
  PRIMARY KEY (merchant_id) NOT ENFORCED
) WITH ('connector' = 'jdbc', 'url' = 'jdbc:postgresql://db:5432/shop', 'table-name' = 'merchants');

CREATE VIEW german_merchants AS SELECT mc.merchant_id, mc.name FROM merchants AS mc WHERE mc.country = 'DE' AND mc.verified;

SELECT p.payment_id, m.name, p.amount
FROM payments AS p
LEFT JOIN german_merchants AS m ON p.merchant_id = m.merchant_id;
