-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-reason: the left side (prices AS opening) is a bounded source, read once
-- expect-fix: /*+ STATE_TTL('p' = '1 d') */, leaving the side read once (opening) out of the hint
-- Case 830 with the side read once on the left and a hint of two options. On Flink 1.20, whose compiled plan keeps the
-- catalog's options alone, the hinted scan was not matched as read once: the rewrite hinted both sides and said the
-- TTL expires the opening prices, while the fix said to hint p alone. The hint's options are read from the scan's
-- description there ("hints=[[[OPTIONS options:{...}]]]"): both lines hint p alone (golden 881, no 1.20 golden).
CREATE TABLE prices (symbol STRING, price DOUBLE) WITH ('connector' = 'datagen', 'fields.symbol.length' = '3');

SELECT p.symbol, p.price - opening.price AS change_since_open
FROM prices /*+ OPTIONS('number-of-rows' = '100', 'rows-per-second' = '10') */ opening
JOIN prices p ON p.symbol = opening.symbol;
