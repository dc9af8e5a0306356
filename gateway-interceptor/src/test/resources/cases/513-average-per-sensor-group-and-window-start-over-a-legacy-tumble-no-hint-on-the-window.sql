-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- Readings averaged per 15-minute legacy group window (GROUP BY ..., TUMBLE(rowtime, INTERVAL '15' MINUTE)), then
-- averaged again per sensor group and window start, as Flink's own plan test GroupWindowTest#testTumbleFunInGroupBy
-- writes it (AVG in place of its weightedAvg UDAF). The outer GROUP BY is a regular aggregation whose keys grow
-- with every window start: its finding is right. The state-ttl-hint rewrite also put /*+ STATE_TTL('readings' =
-- '1 d') */ on the inner SELECT, a group window aggregation, which takes no TTL (StreamExecGroupWindowAggregate
-- builds its window operator without one; the window's end frees its state), and its changes: line named that
-- hint as if it bounded state (issue 30 §2: no TTL proposed for an operator that needs none). The golden pins the
-- hint on the outer SELECT alone.
CREATE TABLE readings (
  sensor_id INT,
  sensor_group STRING,
  reading BIGINT,
  rowtime TIMESTAMP(3),
  WATERMARK FOR rowtime AS rowtime
) WITH ('connector' = 'datagen');

CREATE TABLE group_averages (avg_reading BIGINT) WITH ('connector' = 'blackhole');

INSERT INTO group_averages
SELECT AVG(reading) FROM
    (SELECT sensor_id, sensor_group, reading,
        TUMBLE_START(rowtime, INTERVAL '15' MINUTE) as ping_start
     FROM readings
         GROUP BY sensor_id, sensor_group, reading, TUMBLE(rowtime, INTERVAL '15' MINUTE)
     ) AS t1
 GROUP BY sensor_group, ping_start;
