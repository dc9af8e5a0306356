package io.github.sqlguard.rewrite;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.plan.DistinctExpiry;
import io.github.sqlguard.rules.plan.StatefulWithoutTtlRule.OneRowSide;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * What a state TTL changes in a {@code DISTINCT} aggregate ({@code COUNT(DISTINCT user_id)}), for
 * the {@code changes:} line of a rewrite that sets one. Flink keeps a distinct aggregate's values
 * in a {@code MapView} of the accumulator, in map state, and a state TTL expires each map entry on
 * its own ({@code TtlMapState}: one timestamp per entry), while the key's other state lives on as
 * long as other values keep arriving: a value not seen for the TTL is forgotten, counted again when
 * it comes back, and a retraction of it finds nothing to take back. That holds where the call retracts (its input
 * updates): each row rewrites its value's count. Over an insert-only input Flink writes a value's entry only when the
 * value is new to its key ({@code DistinctAggCodeGen}: "update value only when value changed", Flink 2.3.0), and a
 * TTL set on create and write ({@code StateConfigUtil#createTtlConfig}) expires it the TTL after it was first counted,
 * however often it comes again: its next arrival is counted again. So too for a call over grouping keys alone ({@code
 * COUNT(DISTINCT a) ... GROUP BY a}, {@link Operator.AggregateCall#overGroupingKeys()}): its one value per key is
 * written at the key's first row while the key's accumulator is written at every row, so an active key counts its own
 * value again once per TTL; retracting, it rewrites that value with each row and expires with the key.
 *
 * <p>The same holds for the calls whose accumulator keeps the values it has seen in a state-backed
 * view, one state entry each (Flink 2.3.0 {@code AggFunctionFactory}): {@code MIN}, {@code MAX},
 * {@code FIRST_VALUE}, {@code LAST_VALUE} and {@code LISTAGG} where they must retract ({@code
 * MaxWithRetractAggFunction}'s {@code MapView} of values, {@code ListAggWithRetractAggFunction}'s
 * {@code ListView}), and {@code COLLECT} ({@code CollectAggFunction}'s {@code MapView}): a value
 * not updated for the TTL expires while the key lives on, so the result can fall back to, or keep,
 * a value that is wrong.
 *
 * <p>And an aggregation without aggregate calls ({@code SELECT DISTINCT}, a {@code GROUP BY} of its keys
 * alone) emits each key once without a TTL, but under one it emits an update for every row it reads, though
 * the key's result is unchanged, "to prevent too early state eviction of downstream operators" (Flink 2.3.0
 * {@code GroupAggHelper#processElement}: the equal result is skipped only while {@code ttlConfig} is off), and
 * a key that returns after the TTL is emitted again as a new row.
 */
final class DistinctUnderTtl {

    private DistinctUnderTtl() {}

    /**
     * {@code "; COUNT(DISTINCT user_id) ..."} when the finding's aggregation has a {@code DISTINCT} call, for a {@code
     * STATE_TTL} hint that gives it a TTL; else empty. A hint for a join's finding reaches the aggregations of its SELECT
     * too: those are read from the proof's plan ({@link #reachedByJoinHint}).
     */
    static String changes(Finding finding, RewriteContext context) {
        return underTtl(context, a -> finding.planNode().equals(Optional.of(a.node().id())), a -> true);
    }

    /**
     * The same clauses for a TTL set for the whole statement ({@code SET 'table.exec.state.ttl'}): every aggregation of
     * the statement's plan where the finding ({@code planNode}, of {@code operator}) is not about an aggregation, else
     * that aggregation; of those, only the ones whose values the TTL expires, {@code expires} (read in the rewrite's
     * compiled plan: one a {@code STATE_TTL} hint pins at {@code '0'} keeps its values under the SET).
     */
    static String underSet(Optional<Integer> planNode, String operator, RewriteContext context,
            Predicate<Operator.GroupAggregate> expires) {
        return underTtl(context, a -> planNode.equals(Optional.of(a.node().id())) || !operator.equals("GroupAggregate"),
                expires);
    }

    private static String underTtl(RewriteContext context, Predicate<Operator.GroupAggregate> reached,
            Predicate<Operator.GroupAggregate> expires) {
        if (context.request().plan().isEmpty()) {
            return "";
        }
        ExplainedPlan plan = context.request().plan().get();
        List<Operator.GroupAggregate> aggregates = written(plan).stream()
                .filter(a -> reached.test(a) || a.splitDistinctPartial())
                .filter(expires)
                .toList();
        return clauses(aggregates, UnreadAggregateCalls.of(context, aggregates.stream().filter(DistinctUnderTtl::keysOnly).toList()));
    }

    /**
     * The clauses of the aggregations a join's {@code STATE_TTL} hint reaches too: those of {@code proven}, the
     * rewrite's compiled plan, whose every state is at {@code ttl}, where it has more of them than the statement's
     * (as {@code StateTtlHint#reachedToo} counts them). A hint reaches an operator of its own SELECT only (Flink's
     * {@code StateTtlHint}): an aggregation over the hinted join in another SELECT or view keeps its TTL, and what a
     * TTL does to its {@code DISTINCT} values is no change of this rewrite (NonDeterministicDagTest's
     * {@code testMultiSinkOnJoinedView}: the join of a view hinted, the {@code COUNT(DISTINCT c)} over it never
     * expiring, said to expire each value on its own).
     */
    static String reachedByJoinHint(RewriteContext context, Optional<ExplainedPlan> proven, Duration ttl) {
        if (proven.isEmpty() || !proven.get().compiled()) {
            return "";
        }
        List<Operator.GroupAggregate> reached = atTtl(proven.get(), ttl);
        long before = context.request().plan().map(p -> (long) atTtl(p, ttl).size()).orElse(0L);
        return reached.size() > before
                ? clauses(reached, UnreadAggregateCalls.of(context, reached.stream().filter(DistinctUnderTtl::keysOnly).toList()))
                : "";
    }

    private static List<Operator.GroupAggregate> atTtl(ExplainedPlan plan, Duration ttl) {
        return written(plan).stream()
                .filter(a -> !a.node().state().isEmpty() && a.node().state().stream().allMatch(s -> s.ttl().equals(ttl)))
                .toList();
    }

    /** An aggregation of its keys alone in the plan: no aggregate call, at least one key. */
    private static boolean keysOnly(Operator.GroupAggregate aggregate) {
        return aggregate.calls().map(List::isEmpty).orElse(false) && !aggregate.groupBy().isEmpty();
    }

    /**
     * The same clauses for every aggregation of {@code judged}, a rewrite's plan: for a rewrite that makes a TTL the
     * statement meant take effect where the original did not plan, or ignored it ({@code ttl-as-job-setting}).
     */
    static String inPlan(Optional<ExplainedPlan> judged) {
        return judged.map(plan -> clauses(written(plan), List.of())).orElse("");
    }

    /**
     * The aggregations of {@code plan} but the one Flink builds for an uncorrelated {@code EXISTS} or {@code NOT EXISTS}
     * subquery ({@link OneRowSide#existsMarker}): no SELECT writes its call ({@code MIN(i)} of a constant {@code TRUE}),
     * which keeps one value, rewritten by every row it reads; what a TTL does to it, the join's right row expiring with
     * its state, is the join's clause ({@code TtlExpiry#oneRowRows}), in the terms of the subquery the user wrote.
     */
    private static List<Operator.GroupAggregate> written(ExplainedPlan plan) {
        return plan.operators(Operator.GroupAggregate.class).stream()
                .filter(a -> !OneRowSide.existsMarker(plan, a.node()))
                .toList();
    }

    /** {@code unread}: the calls the statement writes that the plan dropped ({@link UnreadAggregateCalls}). */
    private static String clauses(List<Operator.GroupAggregate> aggregates, List<String> unread) {
        // Insert-only, retracting (or not known), and insert-only over grouping keys alone; the retracting calls over keys
        // rewrite their one value with every row of the key, as its accumulator, and expire with it.
        Set<String> firstCounted = new LinkedHashSet<>();
        Set<String> firstVerbs = new LinkedHashSet<>();
        Set<String> calls = new LinkedHashSet<>();
        Set<String> verbs = new LinkedHashSet<>();
        Set<String> keyCalls = new LinkedHashSet<>();
        Set<String> keyVerbs = new LinkedHashSet<>();
        Set<String> views = new LinkedHashSet<>();
        List<Operator.AggregateCall> finals = new ArrayList<>();
        boolean keysOnly = false;
        for (Operator.GroupAggregate aggregate : aggregates) {
            keysOnly |= keysOnly(aggregate);
            aggregate.distinctCalls().forEach(c -> {
                boolean insertOnly = c.retracts().equals(Optional.of(false));
                if (c.overGroupingKeys() && insertOnly) {
                    keyCalls.add(c.sql());
                    keyVerbs.add(c.takesAs());
                } else if (insertOnly) {
                    firstCounted.add(c.sql());
                    firstVerbs.add(c.takesAs());
                } else if (!c.overGroupingKeys()) {
                    calls.add(c.sql());
                    verbs.add(c.takesAs());
                }
            });
            if (aggregate.splitDistinctFinal()) {
                // The final aggregation of a DISTINCT split merges the partial one's results (MIN of the partial
                // MIN(b)s), its calls named over the partial's: FIRST_VALUE(FIRST_VALUE(c)), or MIN(...) where the
                // argument has no name. A retracting one keeps every partial result it may fall back to: it is the
                // statement's FIRST_VALUE(c), named so; an unnamed one only where no call of its function is named.
                aggregate.calls().orElse(List.of()).stream().filter(DistinctUnderTtl::keepsValues)
                        .forEach(c -> finals.add(
                                new Operator.AggregateCall(statementsCall(c), c.function(), false, c.retracts(), c.arguments())));
                continue;
            }
            aggregate.calls().orElse(List.of()).stream().filter(DistinctUnderTtl::keepsValues)
                    .forEach(c -> views.add(c.sql()));
        }
        for (Operator.AggregateCall call : finals) {
            boolean unnamed = call.sql().endsWith("(...)");
            if (!unnamed || views.stream().noneMatch(v -> v.startsWith(call.function() + "("))) {
                views.add(call.sql());
            }
        }
        String out = "";
        // The fix's wording (DistinctExpiry), without its "why" and "while the key stays active": what changes, once.
        if (!firstCounted.isEmpty()) {
            out += "; " + String.join(", ", firstCounted) + ": "
                    + DistinctExpiry.firstCounted("", String.join(" or ", firstVerbs), "", false, "");
        }
        if (!keyCalls.isEmpty()) {
            out += "; " + DistinctExpiry.overKeys(new ArrayList<>(keyCalls), String.join(" or ", keyVerbs), "");
        }
        if (!calls.isEmpty()) {
            out += "; " + String.join(", ", calls) + ": " + DistinctExpiry.unseen("", String.join(" or ", verbs), "", "");
        }
        if (!views.isEmpty()) {
            List<String> list = new ArrayList<>(views);
            out += "; " + String.join(", ", list) + (list.size() == 1 ? " keeps" : " keep") + " every value it may fall"
                    + " back to, one state entry each, and the TTL expires each on its own: a value not updated for the"
                    + " TTL is forgotten while the key lives on, so its retraction is lost and the result can keep or fall"
                    + " back to a value that is wrong";
        }
        if (keysOnly) {
            // Named by what it is, not by its keys: the plan's names of them can be the planner's (region0).
            out += (unread.isEmpty()
                    ? "; an aggregation without an aggregate function (a SELECT DISTINCT, or a GROUP BY of its keys alone)"
                    : "; nothing reads " + String.join(", ", unread) + ", so the planner drops "
                            + (unread.size() == 1 ? "that call" : "those calls") + " and an aggregation of its keys alone"
                            + " is left: it")
                    + " emits each key once without a TTL, but under one an update for every row it reads, its result"
                    + " unchanged (Flink does so to keep later operators' state alive), and a key that returns after the"
                    + " TTL as a new row";
        }
        return out;
    }

    /**
     * A split's final call as the statement writes it: {@code FIRST_VALUE(c)} for the {@code FIRST_VALUE(FIRST_VALUE(c))}
     * that merges the partial {@code FIRST_VALUE(c)}s; the call as named otherwise.
     */
    private static String statementsCall(Operator.AggregateCall call) {
        String prefix = call.function() + "(";
        String sql = call.sql();
        return sql.startsWith(prefix + prefix) && sql.endsWith("))") ? sql.substring(prefix.length(), sql.length() - 1) : sql;
    }

    /**
     * True for a call that is not {@code DISTINCT} and keeps the values it has read in a
     * state-backed view (a retracting {@code MIN}/{@code MAX}/{@code FIRST_VALUE}/{@code
     * LAST_VALUE}/{@code LISTAGG}, any {@code COLLECT}).
     */
    private static boolean keepsValues(Operator.AggregateCall call) {
        if (call.distinct()) {
            return false;
        }
        return switch (call.function()) {
            case "MIN", "MAX", "FIRST_VALUE", "LAST_VALUE", "LISTAGG" -> call.retracts().orElse(false);
            case "COLLECT" -> true;
            default -> false;
        };
    }
}
