-- expect: BLOCK updates-into-append-only
-- expect-fix: PRIMARY KEY (order_id) NOT ENFORCED,
-- expect-fix: keep the first row per key
-- The latest status per order (ROW_NUMBER() ... ORDER BY the event time DESC, rn = 1: a last-row Deduplicate)
-- written into a filesystem table: each later status replaces the order's row, which an append-only sink cannot
-- take. Flink emits a first-row Deduplicate as inserts while mini-batch is off
-- (RankUtil#outputInsertOnlyInDeduplicate), a last-row one never.
CREATE TABLE order_events (
  order_id STRING,
  status STRING,
  event_time TIMESTAMP(3),
  WATERMARK FOR event_time AS event_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE order_status (
  order_id STRING,
  status STRING,
  event_time TIMESTAMP(3)
) WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-541', 'format' = 'csv');

INSERT INTO order_status
SELECT order_id, status, event_time
FROM (
  SELECT *, ROW_NUMBER() OVER (PARTITION BY order_id ORDER BY event_time DESC) AS rn FROM order_events
)
WHERE rn = 1;
