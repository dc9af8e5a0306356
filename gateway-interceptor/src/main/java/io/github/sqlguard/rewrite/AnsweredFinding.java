package io.github.sqlguard.rewrite;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.rules.Finding;

import java.util.Objects;
import java.util.Optional;

/**
 * The finding a candidate answers, as the proof finds it again in the rewrite's plan ({@link Prover#stillReported}): by
 * its rule and its operator's identity there ({@link OperatorIdentity}), never by its printed line. Built from the
 * finding and the statement's plan in one place ({@link #of}, {@code RewriteContext#answering}).
 *
 * @param ruleId the finding's rule ({@link Finding#ruleId()})
 * @param node the finding's node as shown ({@link Finding#node()}), which the proven rewrite carries ({@link
 *     Rewrite#findingNode()}) and the proof's reasons name
 * @param planNode the finding's node in the statement's plan ({@link Finding#planNode()}); empty for a finding about no
 *     plan node (a {@code SET}, a planner error)
 * @param operator that node's identity in the statement's plan; empty where it has no plan node
 */
record AnsweredFinding(String ruleId, String node, Optional<Integer> planNode, Optional<OperatorIdentity> operator) {

    AnsweredFinding {
        Objects.requireNonNull(ruleId);
        Objects.requireNonNull(node);
        Objects.requireNonNull(planNode);
        Objects.requireNonNull(operator);
    }

    /** {@code finding}, of the statement whose plan is {@code plan}. */
    static AnsweredFinding of(Finding finding, Optional<ExplainedPlan> plan) {
        Optional<OperatorIdentity> operator = finding.planNode().flatMap(id -> plan.flatMap(p -> OperatorIdentity.of(p, id)));
        return new AnsweredFinding(finding.ruleId(), finding.node(), finding.planNode(), operator);
    }

    /** A finding about no plan node, known by its rule and node text alone. */
    static AnsweredFinding about(String ruleId, String node) {
        return new AnsweredFinding(ruleId, node, Optional.empty(), Optional.empty());
    }

    /** True when {@code finding}, of the same statement, is this one: its rule and its plan node, or its text where it has none. */
    boolean is(Finding finding) {
        return ruleId.equals(finding.ruleId())
                && (planNode.isPresent() ? planNode.equals(finding.planNode()) : node.equals(finding.node()));
    }
}
