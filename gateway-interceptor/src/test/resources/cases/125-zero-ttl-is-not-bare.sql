-- expect: OK
-- '0' means never expire in any unit: not reported by ttl-bare-number.
SET 'table.exec.state.ttl' = '0';
