-- expect: OK
-- expect-absent: updates-into-append-only
-- A processing-time group window with late firing on, into a filesystem table: Flink 2.3.0 ignores late firing for a
-- processing-time window (WindowEmitStrategy#produceUpdates reads late-fire for event time only: no row is late in
-- processing time), so the window emits inserts only and the append-only sink takes them. The guard must not take
-- the window's emit strategy for updates here.
CREATE TABLE clicks (
  user_id STRING,
  url STRING,
  proc_time AS PROCTIME()
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.user_id.length' = '2');

CREATE TABLE clicks_per_hour (
  hour_start TIMESTAMP(3),
  user_id STRING,
  clicks BIGINT
) WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-1016', 'format' = 'csv');

SET 'table.exec.emit.late-fire.enabled' = 'true';
SET 'table.exec.emit.late-fire.delay' = '1 min';
SET 'table.exec.emit.allow-lateness' = '10 min';

INSERT INTO clicks_per_hour
SELECT TUMBLE_START(proc_time, INTERVAL '1' HOUR) AS hour_start, user_id, COUNT(*) AS clicks
FROM clicks
GROUP BY TUMBLE(proc_time, INTERVAL '1' HOUR), user_id;
