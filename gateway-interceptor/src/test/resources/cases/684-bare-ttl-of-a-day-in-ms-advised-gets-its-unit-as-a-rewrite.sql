-- expect: INFO ttl-bare-number
-- expect-rewrite: ttl-unit
-- expect-fix: SET 'table.exec.state.ttl' = '1 d'
-- 86400000 ms is the day meant: only advised (INFO) to carry its unit, and the fix writes '1 d'. That fix is now a
-- proven rewrite (ttl-unit, text alone), so lint --fix writes it as it writes '24' as '24 h' (round 54's new user:
-- after --fix had written everything, the advisory with a mechanical fix remained).
SET 'table.exec.state.ttl' = '86400000';
