package io.github.sqlguard.rewrite;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.plan.StatefulWithoutTtlRule.OneRowSide;
import io.github.sqlguard.statement.SqlIdentifiers;

import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * What a state TTL does to an aggregation whose input updates (a CDC source, an upsert table, an aggregation or an
 * outer join below it): its calls retract ({@code "aggCallNeedRetractions"} of the compiled plan, {@link
 * Operator.AggregateCall#retracts}). Once a group's accumulator expires, Flink 2.3.0 {@code GroupAggFunction
 * #processElement} drops a retraction that reaches the group ("Don't create a new accumulator for a retraction
 * message. This might happen ... after a state clean up") and starts a new accumulator at the group's next insert or
 * update: the group's result is then made of the rows that arrive or change after it was forgotten, and its rows
 * that do not change again are left out of it for good. Over an append-only input a forgotten group starts again
 * from its next row, as if new, which the rewrites' {@code changes:} lines say; over updates "starts anew" hid this
 * (issue 30, round 67: a {@code mysql-cdc} table's {@code AVG(score)} per gender, xinzhuxiansheng/flink-tutorial).
 */
final class RetractionsUnderTtl {

    private RetractionsUnderTtl() {}

    /**
     * {@code "; AVG(score) per gender reads updates: ..."} for the finding's aggregation, where its calls retract ({@link
     * #says}), for a {@code STATE_TTL} hint that gives it a TTL; else empty.
     */
    static String changes(Finding finding, RewriteContext context) {
        if (context.request().plan().isEmpty()) {
            return "";
        }
        ExplainedPlan plan = context.request().plan().get();
        return clause(plan, plan.operators(Operator.GroupAggregate.class).stream()
                .filter(a -> says(plan, a) && finding.planNode().equals(Optional.of(a.node().id())))
                .toList(), false);
    }

    /**
     * The same clause for a TTL set for the whole statement ({@code SET 'table.exec.state.ttl'}): every aggregation of
     * its plan whose calls retract and whose groups the TTL forgets, {@code expires} (in the rewrite's compiled plan,
     * Flink's answer: an aggregation a {@code STATE_TTL} hint pins at {@code '0'} keeps every group under the SET and
     * drops no retraction; the statement's own plan, under a session without TTL, gives it the same 0 ms as every other
     * operator, issue 30). With {@code ranked} (the {@code changes:} line of a Top-N's rewrite), an aggregation a {@code
     * Rank} reads is said to be ranked by that result: this clause is the one that says what its forgotten group does,
     * and {@link SessionStateTtl#aggregationsRestart} leaves it out (issue 30, round 68: case 996 said the forgotten group
     * twice).
     */
    static String underSet(RewriteContext context, Predicate<Operator.GroupAggregate> expires, boolean ranked) {
        if (context.request().plan().isEmpty()) {
            return "";
        }
        ExplainedPlan plan = context.request().plan().get();
        return clause(plan, plan.operators(Operator.GroupAggregate.class).stream()
                .filter(a -> says(plan, a) && expires.test(a))
                .toList(), ranked);
    }

    private static String clause(ExplainedPlan plan, List<Operator.GroupAggregate> said, boolean ranked) {
        List<String> parts = said.stream().map(RetractionsUnderTtl::part).distinct().toList();
        if (parts.isEmpty()) {
            return "";
        }
        List<String> rankedParts = ranked
                ? said.stream().filter(a -> SessionStateTtl.ranked(plan, a)).map(RetractionsUnderTtl::part).distinct().toList()
                : List.of();
        return "; " + String.join("; ", parts) + (parts.size() == 1 ? " reads" : " read") + " updates: once a group is"
                + " forgotten, Flink drops the retractions that reach it (it keeps no accumulator for a retraction) and"
                + " aggregates only the rows that arrive or change after, so the group's rows that do not change again are"
                + " left out of its result for good"
                + (rankedParts.isEmpty() ? "" : rankedParts.size() == parts.size() ? ", and the Top-N ranks that result"
                        : ", and the Top-N ranks the result of " + String.join(" and of ", rankedParts));
    }

    /**
     * True for an aggregation whose forgotten group {@link #changes} describes: its calls retract, and it is neither the
     * marker aggregation of an uncorrelated {@code EXISTS} ({@link OneRowSide#existsMarker}) nor a half of a split
     * DISTINCT (the final one reads its partial one's updates by calls and bucket keys no statement writes; {@link
     * DistinctUnderTtl} says what a TTL does to those values, in the statement's terms).
     */
    static boolean says(ExplainedPlan plan, Operator.GroupAggregate aggregate) {
        return !OneRowSide.existsMarker(plan, aggregate.node()) && !aggregate.splitDistinctPartial()
                && !aggregate.splitDistinctFinal() && retracts(aggregate);
    }

    private static boolean retracts(Operator.GroupAggregate aggregate) {
        return aggregate.calls().orElse(List.of()).stream().anyMatch(c -> c.retracts().equals(Optional.of(true)));
    }

    /** An aggregation as the {@code changes:} line names it: its calls and its keys. */
    static String part(Operator.GroupAggregate aggregate) {
        List<String> calls = aggregate.calls().orElse(List.of()).stream().map(Operator.AggregateCall::sql).distinct().toList();
        return String.join(", ", calls) + (aggregate.groupBy().isEmpty() ? " (one group for all rows)"
                : " per " + SqlIdentifiers.planNames(aggregate.groupBy()));
    }
}
