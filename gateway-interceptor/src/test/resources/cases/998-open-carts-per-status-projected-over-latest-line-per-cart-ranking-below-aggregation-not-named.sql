-- expect: BLOCK on-conflict-required
-- expect-reason: the query groups by cart_status, the upsert key of its aggregation, but selects cart_status only inside UPPER(cart_status)
-- expect-reason-absent: the statement's ranking
-- expect-fix-absent: The query keeps one row per partition already
-- expect-fix-absent: PRIMARY KEY (cart_id, product_id)
-- The same kind as 996, another shape: the latest line per cart and product (a Top-1 by event time), counted per
-- cart status written as UPPER(cart_status), and an outer SELECT that only projects the counts into a sink keyed by
-- the status. The aggregation, under a block that only projects, keys the rows. Before: the reason named the ranking
-- and the fix keyed the sink by its partition columns, which the query does not write.
CREATE TABLE cart_events (
  cart_id STRING,
  product_id STRING,
  quantity INT,
  cart_status STRING,
  event_ts TIMESTAMP(3),
  WATERMARK FOR event_ts AS event_ts - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE lines_per_status (
  status STRING,
  open_lines BIGINT,
  PRIMARY KEY (status) NOT ENFORCED
) WITH ('connector' = 'blackhole');

INSERT INTO lines_per_status
SELECT status, open_lines
FROM (
  SELECT UPPER(cart_status) AS status, COUNT(*) AS open_lines
  FROM (
    SELECT *, ROW_NUMBER() OVER (PARTITION BY cart_id, product_id ORDER BY event_ts DESC) AS rn
    FROM cart_events
  )
  WHERE rn = 1 AND quantity > 0
  GROUP BY cart_status
);
