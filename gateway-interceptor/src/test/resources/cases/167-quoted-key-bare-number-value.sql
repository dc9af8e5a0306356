-- expect: BLOCK planner-error
-- A quoted key with an unquoted number: neither Flink's extended parser (unquoted keys only) nor its SQL grammar
-- (quoted value) takes it. It is Flink's own parse error, returned as Flink gives it (audit outcome
-- rejected-by-flink), not a policy refusal.
SET parallelism.default = 2;

SET 'table.exec.state.ttl' = 24;
