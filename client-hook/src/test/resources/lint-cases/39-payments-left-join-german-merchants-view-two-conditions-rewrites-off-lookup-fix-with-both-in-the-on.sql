-- expect: WARN stateful-without-ttl
-- policy: sql-guard.rewrite.enabled=false
-- expect-fix: LEFT JOIN merchants FOR SYSTEM_TIME AS OF p.paid_at AS m ON p.merchant_id = m.merchant_id AND (m.country = 'DE' AND m.verified) (merchants read in place of the view german_merchants, which Flink does not look up, with the view's condition in the ON)
-- expect-fix-absent: JOIN german_merchants FOR SYSTEM_TIME AS OF
-- Payments enriched with their merchant through a view of the verified German merchants (two conditions and a
-- projection, the view's own alias mc for the jdbc table), a LEFT join into an upsert-kafka sink keyed by payment, with
-- rewrites off: the rule's own fix offers the LEFT lookup join of merchants, the view's two conditions qualified by the
-- statement's alias m (not by the view's alias mc) in the ON, where Flink refuses the view read as of processing time.
-- LookupJoinLintCasesTest plans the offered join: a LookupJoin, on 2.3 and 1.20.
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
