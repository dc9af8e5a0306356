-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-reason: processing-time attribute, and an interval join bounds times of one kind
-- A regular join (comma join, every condition in WHERE) of clicks and payments whose bound compares the clicks'
-- PROCTIME() column with the payments' plain TIMESTAMP_LTZ(3) column: Flink plans a regular Join. A WATERMARK on
-- paid_at would not make it an interval join (one side processing time, the other event time: an interval join
-- bounds times of one kind), so none is proposed and the message says why; the rewrite is the TTL hint.
CREATE TABLE clicks (
  session_id STRING,
  url STRING,
  clicked AS PROCTIME()
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.session_id.length' = '2');

CREATE TABLE payments (
  session_id STRING,
  amount DOUBLE,
  paid_at TIMESTAMP_LTZ(3)
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.session_id.length' = '2');

SELECT c.session_id, c.url, p.amount
FROM clicks c, payments p
WHERE c.session_id = p.session_id
  AND p.paid_at BETWEEN c.clicked AND c.clicked + INTERVAL '30' MINUTE;
