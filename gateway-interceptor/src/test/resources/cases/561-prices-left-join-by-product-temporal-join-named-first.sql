-- expect: WARN stateful-without-ttl
-- expect-rewrite: temporal-join
-- Order lines priced by a LEFT JOIN with product prices, a versioned table (a PRIMARY KEY and a WATERMARK on
-- valid_from), the join's aliases l and p. The temporal-join rewrite plans, so the fix names the temporal join
-- first and definitely ("Join prices as a temporal join ..."), not "when the right side holds versions of a row per
-- key", and the TTL after it (StructuralFixFirstTest#aProvenLookupOrTemporalJoinIsTheFixsFirstWay).
CREATE TABLE order_lines (
  line_id STRING,
  product_id STRING,
  quantity INT,
  line_time TIMESTAMP(3),
  WATERMARK FOR line_time AS line_time - INTERVAL '10' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE prices (
  product_id STRING,
  price DECIMAL(10, 2),
  valid_from TIMESTAMP(3),
  WATERMARK FOR valid_from AS valid_from - INTERVAL '10' SECOND,
  PRIMARY KEY (product_id) NOT ENFORCED
) WITH ('connector' = 'datagen', 'rows-per-second' = '1');

SELECT l.line_id, l.quantity * p.price AS total
FROM order_lines AS l
LEFT JOIN prices AS p ON l.product_id = p.product_id;
