-- expect: BLOCK ttl-invalid-value
-- Not a duration: Flink would fail every later statement of the session.
SET 'table.exec.state.ttl' = 'forever';
