-- expect: BLOCK on-conflict-required
-- expect-reason: the query groups by region, city, the upsert key of its aggregation, but selects city only inside LOWER(city), an expression
-- expect-reason: so rows of different groups reach the sink as rows of one region
-- expect-fix: Group by what the query writes, GROUP BY region, LOWER(city), and key the sink by the columns they are written to
-- expect-fix: or select city as it is and key the sink by it too
-- expect-fix-absent: Select every GROUP BY column
-- A count per region and city written into a sink keyed by region and the lower-cased city (the shape of Flink's
-- SinkTestPrograms#INSERT_RETRACT_WITH_PK with a column kept beside the expression): the projection keeps region but
-- computes LOWER(city), so the aggregation's key (region, city) does not reach the sink and Flink 2.3 refuses the
-- INSERT without ON CONFLICT. GROUP BY region, LOWER(city) is the fix that needs no clause.
SET 'table.exec.state.ttl' = '1 d';

CREATE TABLE orders (
  order_id BIGINT,
  region STRING,
  city STRING,
  amount DOUBLE
) WITH ('connector' = 'datagen');

CREATE TABLE orders_per_city (
  region STRING,
  city STRING,
  orders BIGINT,
  PRIMARY KEY (region, city) NOT ENFORCED
) WITH ('connector' = 'blackhole');

INSERT INTO orders_per_city
SELECT region, LOWER(city) AS city, COUNT(*) AS orders
FROM orders
GROUP BY region, city;
