-- expect: WARN global-rank
-- expect-reason: it keeps one row, the latest by event time
-- expect-reason: Every row of a later event time replaces it
-- expect-fix: deduplicate per window
-- The latest quote of the whole feed by event time into a sink keyed by nothing but the one row (a ticker's "last
-- trade" without its symbol): Deduplicate(keep=[LastRow], key=[], order=[ROWTIME]) on one task; nothing was said.
CREATE TABLE quotes (
  symbol STRING,
  price DECIMAL(10, 2),
  quote_time TIMESTAMP(3),
  WATERMARK FOR quote_time AS quote_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE last_quote (
  symbol STRING,
  price DECIMAL(10, 2),
  quote_time TIMESTAMP(3)
) WITH ('connector' = 'blackhole');

INSERT INTO last_quote
SELECT symbol, price, quote_time FROM (
  SELECT *, ROW_NUMBER() OVER (ORDER BY quote_time DESC) AS rn FROM quotes)
WHERE rn = 1;
