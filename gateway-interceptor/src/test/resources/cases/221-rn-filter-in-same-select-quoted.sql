-- expect: BLOCK rn-filter-in-same-select
-- expect-rewrite: rank-in-subquery
-- The alias filter of case 08 with quoted identifiers and a comment: the rewrite keeps them as written.
CREATE TABLE `Orders` (
  `Order Id` STRING,
  `user` STRING,
  amount DOUBLE,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT `Order Id`, -- the order
       ROW_NUMBER() OVER (PARTITION BY `user` ORDER BY order_time DESC) AS `rn`
FROM `Orders`
WHERE `rn` = 1;
