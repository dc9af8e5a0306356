-- expect: WARN ttl-unknown-key
-- expect-rewrite: ttl-key
-- Lower-case SET with an unquoted key and value, which Flink's extended parser reads before its SQL parser:
-- 'state.ttl' is not a key Flink reads, so the state keeps its previous TTL.
set state.ttl = 1h;
