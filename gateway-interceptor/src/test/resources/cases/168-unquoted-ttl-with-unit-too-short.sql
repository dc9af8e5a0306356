-- expect: BLOCK ttl-too-short
-- expect-rewrite: ttl-unit
-- Fully unquoted, as Flink accepts it: 10s is 10 seconds, below the minimum state TTL.
SET parallelism.default = 2;

SET table.exec.state.ttl = 10s;
