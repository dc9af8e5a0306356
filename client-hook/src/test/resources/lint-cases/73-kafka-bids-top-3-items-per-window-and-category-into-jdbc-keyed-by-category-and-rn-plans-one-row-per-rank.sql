-- expect: OK
-- expect-absent: on-conflict-required
-- The key lint case 71's fix rules out, Flink's own key for a window Top-N's rows, (category, rn), declared by the sink:
-- Flink 2.3.0 plans it with no ON CONFLICT clause, and the sink holds one row per category and rank across all windows
-- (each window's top rows overwrite the last window's), which is why the fix keys the sink by the window too.
CREATE TABLE bids (
  item STRING,
  category STRING,
  price DECIMAL(10, 2),
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH ('connector' = 'kafka', 'topic' = 'bids', 'properties.bootstrap.servers' = 'kafka:9092', 'format' = 'json');

CREATE TABLE top_items (
  window_start TIMESTAMP(3),
  window_end TIMESTAMP(3),
  category STRING,
  item STRING,
  total DECIMAL(38, 2),
  rn BIGINT,
  PRIMARY KEY (category, rn) NOT ENFORCED
) WITH ('connector' = 'jdbc', 'url' = 'jdbc:postgresql://db:5432/shop', 'table-name' = 'top_items');

INSERT INTO top_items
SELECT window_start, window_end, category, item, total, rn FROM (
  SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end, category ORDER BY total DESC) AS rn
  FROM (
    SELECT window_start, window_end, category, item, SUM(price) AS total
    FROM TABLE(TUMBLE(TABLE bids, DESCRIPTOR(ts), INTERVAL '10' MINUTE))
    GROUP BY window_start, window_end, category, item
  )
) WHERE rn <= 3;
