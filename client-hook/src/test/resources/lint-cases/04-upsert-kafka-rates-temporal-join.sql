-- expect: WARN stateful-without-ttl
-- expect-rewrite: temporal-join
-- Payments converted with the currency rates of a compacted Kafka topic (upsert-kafka, planned by lint through
-- its stand-in: an upsert changelog keyed by the PRIMARY KEY, with a WATERMARK on the rate's time): a versioned
-- table. The regular join keeps every payment and every rate, and updates each converted amount when a rate
-- changes. Joined FOR SYSTEM_TIME AS OF p.paid_at it is an event-time temporal join (TemporalJoin), which Flink
-- plans over the upsert changelog: each payment gets the rate valid at its own time.
-- Flink 1.20 (golden file lint-04-...-flink-1.20.json): the same verdict, but 1.20 plans a ChangelogNormalize over
-- the upsert table (key currency), a second stateful-without-ttl, under the regular Join and under the TemporalJoin
-- alike. The temporal-join rewrite of the Join's finding is shown there too: the Prover counts the ChangelogNormalize's
-- finding as that other finding's, not the Join's (its node is the original's), and the rewrite says it is still
-- reported. The ChangelogNormalize's own finding gets the session TTL (session-state-ttl).
CREATE TABLE payments (
  payment_id STRING,
  currency STRING,
  amount DECIMAL(10, 2),
  paid_at TIMESTAMP(3),
  WATERMARK FOR paid_at AS paid_at - INTERVAL '10' SECOND
) WITH ('connector' = 'kafka', 'topic' = 'payments', 'properties.bootstrap.servers' = 'kafka:9092',
        'format' = 'json', 'scan.startup.mode' = 'earliest-offset');

CREATE TABLE currency_rates (
  currency STRING,
  rate DECIMAL(10, 6),
  valid_from TIMESTAMP(3),
  WATERMARK FOR valid_from AS valid_from - INTERVAL '10' SECOND,
  PRIMARY KEY (currency) NOT ENFORCED
) WITH ('connector' = 'upsert-kafka', 'topic' = 'rates', 'properties.bootstrap.servers' = 'kafka:9092',
        'key.format' = 'json', 'value.format' = 'json');

SELECT p.payment_id, p.amount * cr.rate AS amount_eur, cr.currency
FROM payments AS p
JOIN currency_rates AS cr ON p.currency = cr.currency;
