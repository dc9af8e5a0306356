-- expect: INFO ttl-bare-number
-- 3600000 ms is the intended hour: only advised to carry a unit.
SET 'table.exec.state.ttl' = '3600000';
