package io.github.sqlguard.lint;

import io.github.sqlguard.audit.AuditRecord;
import io.github.sqlguard.audit.Auditor;
import io.github.sqlguard.decision.Decision;
import io.github.sqlguard.plan.PlannerError;
import io.github.sqlguard.rules.Finding;

import org.apache.flink.runtime.util.EnvironmentInformation;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What lint's JSON report says of a statement besides its findings, for an upgrade report ({@code
 * compare} of two lines' reports): the Flink version that planned it, its stateful operators with
 * the state TTL of each, and Flink's own refusal of it.
 *
 * <p>The stateful operators and TTLs are the guard's decision record's ({@link Auditor#planState}),
 * made by the same code, so that lint's report and the gateway's audit never count them apart.
 *
 * @param flinkVersion the version of the Flink that planned the statement ({@code
 *     EnvironmentInformation#getVersion}), e.g. {@code 1.20.0}
 * @param statefulOperators the stateful operators of its plan and how many of each; empty when it
 *     was not planned
 * @param operatorStateTtl each stateful operator's state TTL ({@code source} {@code compiled-plan}:
 *     Flink's compiled plan; {@code inferred}: from {@code table.exec.state.ttl})
 * @param flinkRefusal Flink's own error when its parser, planner or execution refused the statement
 *     (root reason first, as {@link PlannerError#text()}); empty when Flink accepted it
 * @param restore the class of the restore of its previous version's state ({@code --since}, {@code
 *     --restores-from}) or of the savepoint it names; empty when it restores none
 */
public record StatementFacts(
        String flinkVersion,
        Map<String, Integer> statefulOperators,
        List<AuditRecord.OperatorStateTtl> operatorStateTtl,
        Optional<String> flinkRefusal,
        Optional<RestoreOutcome> restore) {

    /** Nothing known: a statement that was not linted by an engine (tests, an unreadable input). */
    public static final StatementFacts NONE = new StatementFacts("", Map.of(), List.of(), Optional.empty(), Optional.empty());

    /** The facts of a statement that restores no state. */
    public StatementFacts(
            String flinkVersion,
            Map<String, Integer> statefulOperators,
            List<AuditRecord.OperatorStateTtl> operatorStateTtl,
            Optional<String> flinkRefusal) {
        this(flinkVersion, statefulOperators, operatorStateTtl, flinkRefusal, Optional.empty());
    }

    public StatementFacts {
        statefulOperators = Map.copyOf(statefulOperators);
        operatorStateTtl = List.copyOf(operatorStateTtl);
    }

    /**
     * The facts of a statement the guard decided on.
     *
     * @param applyFailure the {@code planner-error} finding of a session-changing statement Flink
     *     failed to apply, or {@code null}
     */
    static StatementFacts of(Decision decision, Finding applyFailure) {
        Auditor.PlanState state = Auditor.planState(decision);
        Optional<String> refusal = decision.flinkError().isPresent()
                ? decision.flinkError().map(error -> PlannerError.of(error).text())
                : Optional.ofNullable(applyFailure).map(Finding::reason);
        return new StatementFacts(
                EnvironmentInformation.getVersion(), state.statefulOperators(), state.operatorStateTtl(), refusal,
                RestoreOutcome.of(decision));
    }
}
