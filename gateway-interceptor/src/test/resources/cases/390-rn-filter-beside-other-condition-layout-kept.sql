-- expect: BLOCK rn-filter-in-same-select
-- expect-rewrite: rank-in-subquery
-- The row-number alias filtered in the same SELECT, beside a condition on a column, over a join, written on
-- several lines with ASC and INNER: the rewrite puts the block inside a new one that filters on the row number,
-- keeps each of the block's lines as written (its own WHERE keeps the column's condition) and writes only the
-- two new lines around it, so its diff shows what changed.
CREATE TABLE shipments (
  shipment_id STRING,
  warehouse STRING,
  weight_kg DOUBLE,
  shipped_at TIMESTAMP(3),
  WATERMARK FOR shipped_at AS shipped_at - INTERVAL '10' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.warehouse.length' = '1');

CREATE TABLE warehouses (
  warehouse STRING,
  city STRING
) WITH ('connector' = 'datagen', 'rows-per-second' = '1', 'fields.warehouse.length' = '1');

SELECT s.shipment_id,
       w.city,
       s.weight_kg,
       ROW_NUMBER() OVER (PARTITION BY w.city ORDER BY s.weight_kg ASC) AS lightest
FROM shipments AS s
INNER JOIN warehouses AS w ON s.warehouse = w.warehouse
WHERE s.weight_kg > 0.5
  AND lightest <= 3;
