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
 * The same where the aggregation reads a {@code Rank} or {@code Deduplicate} whose state expires: with its state
 * expired for a key, Flink 2.3.0 {@code AppendOnlyTopNFunction} restores an empty buffer and emits the key's next
 * rows as inserts, and {@code DeduplicateFunctionHelper} emits the next row as the key's first ({@code INSERT}, no
 * {@code UPDATE_BEFORE} or {@code DELETE} of what it emitted before), so a key that returns is counted again
 * (jbcodeforce/flink-studies' {@code employee_count}: a count per department over the latest row per employee,
 * under a session TTL). Read from the compiled plan's state entries, as {@link TtlMix}.
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
                boolean expires = below.state().stream().map(OperatorState::ttl).anyMatch(t -> !t.isZero());
                if (aggregate(below) && !splitPartial(below) && expires) {
                    return "; an aggregation here reads another's result (as a count of counts does): a key of the lower one"
                            + " that expires and returns starts again from its first row and is emitted as a new row,"
                            + " with no retraction of the result it had before, so the upper aggregation keeps that old"
                            + " result too and never takes it back";
                }
                if (below.name().equals("Deduplicate") && expires) {
                    return "; an aggregation here reads the rows a Deduplicate keeps per key: a key of the Deduplicate"
                            + " that expires and returns is taken as new and its row emitted again as a new row, with no"
                            + " retraction of the row it emitted before, so the aggregation counts that key twice (its"
                            + " old row and its new one) and never takes the old one back";
                }
                if (below.name().equals("Rank") && expires) {
                    return "; an aggregation here reads the rows a Rank keeps per key: a key of the Rank that expires"
                            + " and returns is ranked anew and its rows emitted again as new rows, with no retraction of"
                            + " those it emitted before, so the aggregation counts that key's rows twice (the old ones and"
                            + " the new) and never takes the old ones back";
                }
            }
        }
        return "";
    }

    /**
     * True where {@code node}, a group aggregation of {@code plan}, is read by another aggregation: where its state
     * expires, {@link #changes} says what its returning key does (started again, emitted as a new row), which a clause
     * of the aggregation's own would say a second time ({@code SessionStateTtl#aggregationsRestart}, {@code
     * StateTtlHint}'s "starts anew": case 1145, 656; issue 30 §1, one clause per fact).
     */
    static boolean readByAnother(ExplainedPlan plan, PlanNode node) {
        if (!aggregate(node) || splitPartial(node)) {
            return false;
        }
        return plan.nodes().stream().anyMatch(upper -> aggregate(upper) && TtlMix.stateful(upper)
                && TtlMix.statefulInputs(plan, upper).stream().anyMatch(below -> below.id() == node.id()));
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
