-- expect: BLOCK planner-error
-- expect-reason-absent: has no ORDER BY
-- A window ordered by two columns gets the same Flink message as one with no order ("The window can only be ordered
-- by a single time column"); over-without-order-by answers only a window written without ORDER BY, so this one
-- stays Flink's own message.
CREATE TABLE readings (
  sensor_id STRING,
  temperature DOUBLE,
  read_at TIMESTAMP(3),
  pt AS PROCTIME(),
  WATERMARK FOR read_at AS read_at
) WITH ('connector' = 'datagen');

SELECT sensor_id, AVG(temperature) OVER (PARTITION BY sensor_id ORDER BY read_at, pt) AS running_avg
FROM readings;
