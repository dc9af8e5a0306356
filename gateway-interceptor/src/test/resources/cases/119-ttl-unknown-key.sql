-- expect: WARN ttl-unknown-key
-- expect-rewrite: ttl-key
-- A typo of the TTL key: Flink stores it and reads nothing.
SET 'table.exec.state-ttl' = '1 d';
