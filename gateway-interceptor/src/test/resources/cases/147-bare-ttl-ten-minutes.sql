-- expect: INFO ttl-bare-number
-- '600000' is 10 min, a common duration: plausible as written, only advised to carry a unit.
SET 'table.exec.state.ttl' = '600000';
