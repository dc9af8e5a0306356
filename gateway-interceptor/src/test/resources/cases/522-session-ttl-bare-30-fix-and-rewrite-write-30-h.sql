-- expect: BLOCK ttl-too-short ttl-bare-number
-- expect-rewrite: ttl-unit
-- expect-fix: with a unit: SET 'table.exec.state.ttl' = '30 h'
-- expect-fix-absent: e.g. '1 d' or '12 h'
-- '30' is 30 ms. ttl-bare-number names the likely intent, 30 h, and the ttl-unit rewrite writes it; ttl-too-short's
-- fix said "e.g. '1 d' or '12 h'", neither the value the rewrite under it writes. The fix now names the one value
-- (StateTtl#replacing), which the finding's facts carry to the rewrite (issue 30 §4).
SET 'table.exec.state.ttl' = '30';
