-- expect: WARN stateful-without-ttl
-- expect-rewrite: session-state-ttl
-- The count of orders per status over the latest status event of each order (a Deduplicate keeping the last row per
-- order_id by arrival). Under the session TTL the rewrite sets, the Deduplicate forgets an order idle that long; when
-- the order's next event comes, Flink 2.3.0 emits it as the order's first row (DeduplicateFunctionHelper: no
-- UPDATE_BEFORE of the row emitted before), so the count keeps the order under its old status and counts it again
-- under the new one. Before: the changes: line said each operator forgets an idle key, not that the count above then
-- counts the order twice. RewritesSayWhatChangesTest reads it.
CREATE TABLE order_events (
  order_id BIGINT,
  status STRING,
  proctime AS PROCTIME()
) WITH ('connector' = 'datagen');

CREATE TABLE orders_per_status (
  status STRING,
  orders BIGINT,
  PRIMARY KEY (status) NOT ENFORCED
) WITH ('connector' = 'blackhole');

INSERT INTO orders_per_status
SELECT status, COUNT(*) AS orders
FROM (
  SELECT *, ROW_NUMBER() OVER (PARTITION BY order_id ORDER BY proctime DESC) AS rn
  FROM order_events
)
WHERE rn = 1
GROUP BY status;
