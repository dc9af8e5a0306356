-- expect: BLOCK ttl-too-short
-- expect-rewrite: ttl-unit
-- An unquoted key with a value in doubled quotes. Flink's extended parser matches the whole statement, then takes
-- the value from its first quoted part: '1', a state TTL of 1 ms (not the 1'h that the SQL grammar would read).
SET table.exec.state.ttl = '1''h';
