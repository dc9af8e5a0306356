-- expect: WARN stateful-without-ttl
-- expect-rewrite: window-aggregate
-- Spend per user and minute bucketed by hand (case 224) with quoted identifiers: the rewrite keeps them.
CREATE TABLE `Orders` (
  `user` STRING,
  amount DOUBLE,
  `event time` TIMESTAMP(3),
  WATERMARK FOR `event time` AS `event time` - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT `user`, FLOOR(`event time` TO MINUTE) AS `minute`, SUM(amount) AS spend
FROM `Orders`
GROUP BY `user`, FLOOR(`event time` TO MINUTE);
