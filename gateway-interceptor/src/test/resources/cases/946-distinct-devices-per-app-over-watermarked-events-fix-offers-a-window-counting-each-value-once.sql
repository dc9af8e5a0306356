-- expect: WARN stateful-without-ttl
-- expect-fix: longer than a value of COUNT(DISTINCT device_id) keeps coming back to its key (app)
-- expect-fix: aggregate per window, whose state is freed when it closes (each distinct value counted once per window, with no TTL)
-- expect-fix-absent: Set a state TTL longer than a key (app) stays active
-- A table with an event-time attribute: besides a TTL (exact only when longer than a device keeps coming back to its
-- app), the fix offers a window aggregate, which counts each distinct value once per window and frees the window's
-- state when it closes, with no TTL to expire a value early.
CREATE TABLE app_events (
  app STRING,
  device_id STRING,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT app, COUNT(DISTINCT device_id) AS devices
FROM app_events
GROUP BY app;
