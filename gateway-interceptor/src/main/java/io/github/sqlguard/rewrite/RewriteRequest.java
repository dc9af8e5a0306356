package io.github.sqlguard.rewrite;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.rules.Verdict;
import io.github.sqlguard.statement.ParsedStatement;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * One statement to rewrite, as the guard decided on it.
 *
 * @param statement the statement as Flink's parser read it
 * @param verdict its findings
 * @param plan its plan, when it planned
 * @param config the session's configuration with the statement's execution config over it
 * @param minStateTtl {@code sql-guard.min-state-ttl} in force
 * @param maxStateTtl {@code sql-guard.max-state-ttl} in force
 * @param inStatementSet true when the statement is an INSERT sent into the session's open statement
 *     set ({@code BEGIN STATEMENT SET;}): only the statement itself can go there, so a rewrite that
 *     needs a statement before it (a {@code SET}, an {@code ALTER}) is not offered
 */
public record RewriteRequest(
        ParsedStatement statement,
        Verdict verdict,
        Optional<ExplainedPlan> plan,
        Map<String, String> config,
        Duration minStateTtl,
        Duration maxStateTtl,
        boolean inStatementSet) {

    public RewriteRequest {
        config = Map.copyOf(config);
    }
}
