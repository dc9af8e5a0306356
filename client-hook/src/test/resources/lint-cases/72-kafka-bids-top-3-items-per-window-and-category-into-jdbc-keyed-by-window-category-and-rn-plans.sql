-- expect: OK
-- expect-absent: on-conflict-required
-- Lint case 71's fix as written: the window Top-N's rows, rn written, into a jdbc table keyed by (window_start,
-- window_end, category, rn), one sink row per window, category and rank. Flink 2.3.0 plans it with no ON CONFLICT
-- clause (the query's upsert key (category, rn) is within the sink's key) and no upsert materializer.
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
  PRIMARY KEY (window_start, window_end, category, rn) NOT ENFORCED
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
