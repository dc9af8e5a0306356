package io.github.sqlguard.rewrite;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.PlanNode;
import io.github.sqlguard.plan.StatefulOperators;
import io.github.sqlguard.rules.StateTtl;

import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Which operators of the statement's plan a candidate can change, declared per family in this one
 * place: the {@link Prover} rejects unplanned a candidate that leaves one of the statement's BLOCK
 * findings on an operator it cannot change ({@link RewriteContext#blockingKept}), since that finding
 * is then in the candidate's plan too, and a candidate with a BLOCK finding is never shown.
 *
 * <ul>
 *   <li>{@code state-ttl-hint}: the regular joins and group aggregations, the only operators a {@code
 *       STATE_TTL} hint applies to, and Flink 2.x's {@code MultiJoin} ({@link StatefulOperators#HINT_REACHES}; Flink
 *       docs, "Query Hints", "State TTL Hints"); it changes their TTL only.
 *   <li>{@code session-state-ttl}, and any candidate's {@code SET 'table.exec.state.ttl'} that the call's
 *       own execution config does not override: every stateful operator ({@link
 *       StatefulOperators#isStateful(PlanNode)}), whose TTL {@code table.exec.state.ttl} is; none where the
 *       call overrides the key (then the candidate plans as the statement: {@link
 *       RewriteContext#plansAsTheStatement}).
 *   <li>every other family, a changed table, or any other {@code SET} the call does not override: every
 *       operator. A structural family rewrites a scope: the statement (every operator) or a view it reads,
 *       whose operators the plan does not mark as the view's (not narrowed).
 * </ul>
 *
 * Stateless.
 */
final class Reach {

    private Reach() {}

    /** The families whose candidates change only some operators' state TTL, and which operators. */
    private static final Map<String, Predicate<PlanNode>> TTL_ONLY = Map.of(
            StateTtlHint.ID, node -> StatefulOperators.HINT_REACHES.contains(node.name()),
            // Its one change is its SET 'table.exec.state.ttl', read from the candidate's configuration below.
            SessionStateTtl.ID, node -> false);

    /**
     * True when {@code candidate} can change {@code node} of the statement's plan.
     *
     * @param effective the keys of the candidate's configuration that the call's own execution config
     *     does not override (what its {@code SET}s change in its planning)
     */
    static boolean canChange(Candidate candidate, Set<String> effective, PlanNode node) {
        Predicate<PlanNode> family = TTL_ONLY.get(candidate.family());
        if (family == null || !candidate.tables().isEmpty()) {
            return true;
        }
        for (String key : effective) {
            if (!key.equals(StateTtl.KEY)) {
                return true;
            }
        }
        if (effective.contains(StateTtl.KEY) && StatefulOperators.isStateful(node)) {
            return true;
        }
        return family.test(node);
    }

    /** True when the plan has {@code id} and {@code candidate} cannot change that node ({@link #canChange}). */
    static boolean cannotChange(Candidate candidate, Set<String> effective, ExplainedPlan plan, int id) {
        return plan.node(id).map(node -> !canChange(candidate, effective, node)).orElse(false);
    }
}
