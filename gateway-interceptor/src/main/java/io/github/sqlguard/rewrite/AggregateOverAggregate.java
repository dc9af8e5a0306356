package io.github.sqlguard.rewrite;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.OperatorState;
import io.github.sqlguard.plan.PlanNode;

import java.util.Optional;

/**
 * An aggregation over another aggregation's result (a count of counts: {@code GROUP BY clicks_per_user} over {@code
 * GROUP BY user_id}) where the lower one's state expires, for the {@code changes:} line of a rewrite that sets a TTL.
 * The lower aggregation forgets an idle key, and when the key returns Flink 2.3.0 {@code
 * GroupAggHelper#processElement} finds no accumulator, starts one ({@code firstRow}) and emits the key's result as
 * an {@code INSERT}, with no {@code UPDATE_BEFORE} of the result it emitted before the key expired: the upper
 * aggregation is never told to take the old result back, and counts the key under its old result and its new one.
 * Read from the compiled plan's state entries, as {@link TtlMix}.
 */
final class AggregateOverAggregate {

    private AggregateOverAggregate() {}

    /** {@code "; ..."} where an aggregation reads one whose state expires; empty when none does. */
    static String changes(Optional<ExplainedPlan> plan) {
        if (plan.isEmpty() || !plan.get().compiled()) {
            return "";
        }
        for (PlanNode node : plan.get().nodes()) {
            if (!aggregate(node) || !TtlMix.stateful(node)) {
                continue;
            }
            for (PlanNode below : TtlMix.statefulInputs(plan.get(), node)) {
                if (aggregate(below) && !splitPartial(below) && below.state().stream().map(OperatorState::ttl).anyMatch(t -> !t.isZero())) {
                    return "; an aggregation here reads another's result (as a count of counts does): a key of the lower one"
                            + " that expires and returns starts again from its first row and is emitted as a new row,"
                            + " with no retraction of the result it had before, so the upper aggregation keeps that old"
                            + " result too and never takes it back";
                }
            }
        }
        return "";
    }

    /**
     * The partial aggregation of Flink's split of DISTINCT aggregates ({@code partialFinalType=[PARTIAL]}, per key and
     * bucket), which the final one reads: one aggregation of the statement, not one over another's result. A bucket
     * that expires and returns starts from its first row: the final sum of its counts and sums loses nothing but what
     * the DISTINCT values and the retracting calls lose on their own, which {@link DistinctUnderTtl} says.
     */
    private static boolean splitPartial(PlanNode node) {
        return node.description().contains("partialFinalType=[PARTIAL]");
    }

    /** A regular aggregation: {@code GroupAggregate}, or the global half of a split one. */
    private static boolean aggregate(PlanNode node) {
        return node.name().equals("GroupAggregate") || node.name().equals("GlobalGroupAggregate");
    }
}
