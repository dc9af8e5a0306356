-- expect: OK
-- expect-absent: stateful-without-ttl
-- A bounded RANGE frame by processing time (ProcTimeRangeBoundedPrecedingFunction, no state retention time in
-- Flink 2.3.0's StreamExecOverAggregate): a cleanup timer 1.5 minutes after a user's last click clears the
-- user's rows and accumulator. No finding without a TTL, as case 516 over event time.
CREATE TABLE clicks (
  user_id BIGINT,
  url STRING,
  proc_time AS PROCTIME()
) WITH ('connector' = 'datagen');

SELECT user_id, url,
  COUNT(url) OVER (PARTITION BY user_id ORDER BY proc_time RANGE BETWEEN INTERVAL '1' MINUTE PRECEDING AND CURRENT ROW)
    AS clicks_last_minute
FROM clicks;
