-- expect: WARN ttl-unknown-key
-- expect-rewrite: ttl-key
-- Option keys are case-sensitive: Flink does not read 'TABLE.EXEC.STATE.TTL'.
SET 'TABLE.EXEC.STATE.TTL' = '1 d';
