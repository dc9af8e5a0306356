-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-reason: the right side (prices AS opening) is a bounded source, read once
-- expect-fix: /*+ STATE_TTL('p' = '1 d') */, leaving the side read once (opening) out of the hint
-- One table read twice: as a stream (p) and, through an OPTIONS hint giving it 'number-of-rows', as a bounded
-- source read once (opening: DataGenTableSource with a row count is bounded). Matched by table name, both inputs
-- read "prices", so neither was the side read once and the rewrite hinted both, expiring the opening prices for
-- good; matched by the scan as the plan has it (the table and its hinted options), the rewrite hints p alone. On
-- Flink 1.20 the compiled plan keeps the catalog's options alone, and the hint's options are read from the scan's
-- description (hints=[[[OPTIONS options:{number-of-rows=100}]]]): the rewrite hints p alone there too, where it hinted
-- both and said the TTL expires the rows read once (the 1.20 golden, now gone; case 881).
CREATE TABLE prices (symbol STRING, price DOUBLE) WITH ('connector' = 'datagen', 'fields.symbol.length' = '3');

SELECT p.symbol, p.price - opening.price AS change_since_open
FROM prices p
JOIN prices /*+ OPTIONS('number-of-rows' = '100') */ opening ON p.symbol = opening.symbol;
