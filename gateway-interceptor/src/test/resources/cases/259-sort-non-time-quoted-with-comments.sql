-- expect: BLOCK sort-non-time
-- expect-rewrite: bounded-sort time-attribute-order
-- A sort on two business columns with quoted identifiers and a comment after the ORDER BY: the
-- bounded-sort rewrite adds only its LIMIT, the quoting, the comments and the line breaks stay.
CREATE TABLE `Price Ticks` (
  `Symbol` STRING,
  `Price $` DOUBLE,
  `tick time` TIMESTAMP(3),
  WATERMARK FOR `tick time` AS `tick time` - INTERVAL '1' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT `Symbol`, `Price $`
FROM `Price Ticks`
-- the most expensive first
ORDER BY `Price $` DESC, `Symbol`;
