-- expect: WARN ttl-bare-number
-- expect-rewrite: ttl-unit
-- '8640000' is 2.4 h: next to '86400000' (1 d) it looks like a dropped zero.
SET 'table.exec.state.ttl' = '8640000';
