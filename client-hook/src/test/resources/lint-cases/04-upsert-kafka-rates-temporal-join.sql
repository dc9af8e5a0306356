-- expect: WARN stateful-without-ttl
-- expect-rewrite: temporal-join
-- Payments converted with the currency rates of a compacted Kafka topic (upsert-kafka, planned by lint through
-- its stand-in: an upsert changelog keyed by the PRIMARY KEY, with a WATERMARK on the rate's time): a versioned
-- table. The regular join keeps every payment and every rate, and updates each converted amount when a rate
-- changes. Joined FOR SYSTEM_TIME AS OF p.paid_at it is an event-time temporal join (TemporalJoin), which Flink
-- plans over the upsert changelog: each payment gets the rate valid at its own time.
-- Flink 1.20 (golden file lint-04-...-flink-1.20.json): the same verdict, but 1.20 plans a ChangelogNormalize over
-- the upsert table (key currency), a second stateful-without-ttl, and the temporal join's proof is refused by the
-- guard itself: "stateful-without-ttl is still reported" in the rewritten plan (the Rewriter's reason, asked of the
-- 1.20 planner on 2026-12-02), so no temporal-join rewrite is shown there. The one rewrite that bounds both
-- operators on 1.20 is the session TTL (session-state-ttl), shown for both findings.
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
