package io.github.sqlguard.rules;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.statement.ParsedSql;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything a rule may look at for one statement or one configuration call.
 *
 * @param statement the statement as Flink's parser read it; {@link ParsedSql#NONE} for a call that
 *     carries no statement (session properties, a script, a materialized table refresh)
 * @param plan the EXPLAIN result in the user's session, when the statement was planned and the
 *     planner accepted it
 * @param plannerError the planner's message, when EXPLAIN was rejected
 * @param streaming true when the statement runs in streaming mode ({@code execution.runtime-mode})
 * @param effectiveStateTtl the state TTL that applies to the statement's operators, from session
 *     configuration and per-statement execution config; {@link Duration#ZERO} means never expires
 *     (Flink's {@code ExecutionConfigOptions#IDLE_STATE_RETENTION})
 * @param changes configuration values this call applies (SET, session properties, per-statement
 *     execution config)
 * @param config the session configuration merged with the per-statement execution config
 * @param thresholds the policy's thresholds
 */
public record AnalysisContext(
        ParsedSql statement,
        Optional<ExplainedPlan> plan,
        Optional<String> plannerError,
        boolean streaming,
        Duration effectiveStateTtl,
        List<ConfigChange> changes,
        Map<String, String> config,
        Thresholds thresholds) {

    /**
     * Numeric limits the rules use.
     *
     * @param minStateTtl a state TTL above zero and below this is too short
     * @param maxStateTtl a state TTL above this never expires in practice: it counts as none
     * @param maxTopN a Top-N whose rank end is above this is large
     */
    public record Thresholds(Duration minStateTtl, Duration maxStateTtl, long maxTopN) {}
}
