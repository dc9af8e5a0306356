-- expect: WARN stateful-without-ttl
-- expect-rewrite: watermark
-- The same shape written into a sink, the tables unaliased and the bound as two comparisons (payments within
-- 30 minutes after the click): both tables get their WATERMARK and the INSERT plans an IntervalJoin.
CREATE TABLE clicks (
  session_id STRING,
  url STRING,
  click_time TIMESTAMP(3)
) WITH ('connector' = 'datagen');

CREATE TABLE payments (
  session_id STRING,
  amount DOUBLE,
  paid_at TIMESTAMP(3)
) WITH ('connector' = 'datagen');

CREATE TABLE paid_clicks (
  session_id STRING,
  url STRING,
  amount DOUBLE
) WITH ('connector' = 'blackhole');

INSERT INTO paid_clicks
SELECT clicks.session_id, clicks.url, payments.amount
FROM clicks
JOIN payments
  ON clicks.session_id = payments.session_id
 AND payments.paid_at >= clicks.click_time
 AND payments.paid_at <= clicks.click_time + INTERVAL '30' MINUTE;
