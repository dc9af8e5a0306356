-- expect: OK
-- expect-absent: match-without-within
-- The fixed form of case 603's shape (Flink's MatchRecognizeTestPrograms#MATCH_COMPLEX, per symbol, with a WITHIN):
-- a partial match older than an hour is dropped with its rows, so nothing grows for as long as rows continue it.
SET 'table.exec.state.ttl' = '1 d';

CREATE TABLE stock_ticks (
  symbol STRING,
  tstamp BIGINT,
  price INT,
  tax INT,
  proctime AS PROCTIME()
) WITH ('connector' = 'datagen');

SELECT * FROM stock_ticks MATCH_RECOGNIZE (
  PARTITION BY symbol
  ORDER BY proctime
  MEASURES
    FIRST(DOWN.price) as first_price,
    LAST(DOWN.price) as last_price
  ONE ROW PER MATCH
  AFTER MATCH SKIP PAST LAST ROW
  PATTERN (DOWN{2,} UP) WITHIN INTERVAL '1' HOUR
  DEFINE
    DOWN AS price < LAST(DOWN.price, 1) OR LAST(DOWN.price, 1) IS NULL,
    UP AS price > LAST(DOWN.price)
) AS T;
