-- expect: WARN match-without-within
-- expect-reason: with no PARTITION BY and PATTERN (DOWN{2,} UP) and no WITHIN
-- expect-reason: Without PARTITION BY, every row goes to one partition on one parallel instance
-- expect-fix: after PATTERN (DOWN{2,} UP)
-- Flink's restore-test program MatchRecognizeTestPrograms#MATCH_ORDER_BY_INT_COLUMN: two or more falling prices and
-- a rise, ordered by event time, over the whole stream. No PARTITION BY: one partition on one parallel instance, its
-- partial matches and the rows waiting for the watermark kept with no state TTL and no WITHIN.
CREATE TABLE ticks (
  ts STRING,
  price INT,
  sequence_num INT,
  `rowtime` AS TO_TIMESTAMP(`ts`),
  WATERMARK FOR `rowtime` AS `rowtime` - INTERVAL '2' SECOND
) WITH ('connector' = 'datagen');

SELECT * FROM ticks MATCH_RECOGNIZE (
   ORDER BY rowtime, sequence_num
  MEASURES
    FIRST(DOWN.price) as first_price,
    LAST(DOWN.price) as last_price,
    UP.price as up
  ONE ROW PER MATCH
  AFTER MATCH SKIP PAST LAST ROW
  PATTERN (DOWN{2,} UP)
  DEFINE
    DOWN AS price < LAST(DOWN.price, 1) OR LAST(DOWN.price, 1) IS NULL,
    UP AS price > LAST(DOWN.price)
) AS T;
