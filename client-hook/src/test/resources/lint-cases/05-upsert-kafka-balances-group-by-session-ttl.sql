-- expect: WARN stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- Balances per region over a compacted Kafka topic of accounts (upsert-kafka, planned by lint through its
-- stand-in: an upsert changelog keyed by the PRIMARY KEY). Flink plans a ChangelogNormalize over the upsert
-- input (the last row of each account) under the GroupAggregate, both without a state TTL. The session TTL's
-- changes: line says what expiry does to the ChangelogNormalize, which Flink's
-- DeduplicateFunctionHelper#processLastRowOnChangelog decides: an account idle for longer than the TTL is
-- forgotten, its later delete is dropped (its balance stays in its region's total) and its later update comes as
-- a new row with no retraction of the old balance (the region's total counts both). A STATE_TTL hint reaches the
-- aggregation only.
CREATE TABLE accounts (
  account_id STRING,
  region STRING,
  balance DECIMAL(12, 2),
  PRIMARY KEY (account_id) NOT ENFORCED
) WITH ('connector' = 'upsert-kafka', 'topic' = 'accounts', 'properties.bootstrap.servers' = 'kafka:9092',
        'key.format' = 'json', 'value.format' = 'json');

SELECT region, SUM(balance) AS total_balance
FROM accounts
GROUP BY region;
