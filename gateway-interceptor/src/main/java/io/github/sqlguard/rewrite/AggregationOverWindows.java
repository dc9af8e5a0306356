package io.github.sqlguard.rewrite;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.plan.OperatorState;
import io.github.sqlguard.plan.PlanNode;
import io.github.sqlguard.statement.TimeBuckets;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What a window rewrite of an aggregation ({@code window-group}, {@code window-aggregate}) leaves above it: a group
 * aggregation that reads the window aggregation's results (a count of regions per hour over totals per hour and
 * region) stays a {@code GroupAggregate}, whose state is kept per its own key, not per window: a window's end frees the
 * window aggregation's state only (Flink docs, "Window Aggregation"; Flink 2.3.0 plans no window aggregation over a
 * window aggregation's result unless it groups by both window columns again). Read from the rewrite's plan, so that
 * its {@code changes:} line says what that state is kept per and whether it is bounded. The companion of {@link
 * RankOverWindows}. Stateless.
 */
final class AggregationOverWindows {

    /** The operators of a window aggregation. */
    private static final Set<String> WINDOW_AGGREGATION =
            Set.of("WindowAggregate", "GlobalWindowAggregate", "LocalWindowAggregate");

    /** The operators between a window aggregation and the aggregation that reads its rows as they are. */
    private static final Set<String> PASSING = Set.of("Calc", "Exchange");

    private AggregationOverWindows() {}

    /**
     * The {@code changes:} clause of the first group aggregation of {@code plan} over a window aggregation's results;
     * empty where there is none. A key that is a time bucket ({@code CAST(window_start AS DATE) AS sale_day}) is said as
     * what it is, from {@code statement}, the rewrite's ({@link TimeBuckets#keyUnit}).
     */
    static String changes(ExplainedPlan plan, String statement) {
        return first(plan).map(aggregate -> clause(plan, aggregate, statement)).orElse("");
    }

    /** The node of the group aggregation {@link #changes} speaks of; empty where there is none. */
    static Optional<PlanNode> upper(ExplainedPlan plan) {
        return first(plan).map(Operator.GroupAggregate::node);
    }

    private static Optional<Operator.GroupAggregate> first(ExplainedPlan plan) {
        for (Operator.GroupAggregate aggregate : plan.operators(Operator.GroupAggregate.class)) {
            PlanNode node = aggregate.node();
            List<PlanNode> below = plan.below(node, n -> n.equals(node) || PASSING.contains(n.name()));
            if (below.stream().anyMatch(n -> WINDOW_AGGREGATION.contains(n.name()))) {
                return Optional.of(aggregate);
            }
        }
        return Optional.empty();
    }

    private static String clause(ExplainedPlan plan, Operator.GroupAggregate aggregate, String statement) {
        List<String> keys = aggregate.groupBy();
        String per = String.join(", ", keys);
        String head = "; the aggregation above it" + (keys.isEmpty() ? ", with no GROUP BY," : " (GROUP BY " + per + ")")
                + " stays a group aggregation over the windows' results and keeps its own state "
                + (keys.isEmpty() ? "(one row)" : "per " + per) + ", which no window's end frees: ";
        Optional<Duration> ttl = aggregate.node().state().stream().map(OperatorState::ttl).filter(t -> !t.isZero())
                .findFirst();
        if (keys.isEmpty()) {
            return head + "bounded (one accumulator)";
        }
        if (ttl.isPresent() && plan.compiled()) {
            return head + "bounded by its state TTL of " + SqlTrees.duration(ttl.get()) + " (a key's entry expires that"
                    + " long after its last change)";
        }
        Optional<String> bound = windowBound(plan, aggregate);
        if (bound.isPresent()) {
            return head + bound.get() + ", so it adds an entry per window and frees none, with no TTL (its own"
                    + " stateful-without-ttl finding)";
        }
        // A day of window_start (CAST(window_start AS DATE) AS sale_day) is one entry per day, not "per value".
        Optional<TimeBuckets.KeyUnit> unit = keys.stream().map(k -> TimeBuckets.keyUnit(statement, k))
                .flatMap(Optional::stream).findFirst();
        if (unit.isPresent()) {
            List<String> others = keys.stream().filter(k -> !k.equals(unit.get().key())).toList();
            return head + unit.get().said() + ", so it adds an entry per " + unit.get().unit()
                    + (others.isEmpty() ? "" : " and value of " + String.join(", ", others))
                    + " and frees none, with no TTL (its own stateful-without-ttl finding)";
        }
        return head + "one entry per value of " + per + ", kept forever with no TTL (its own stateful-without-ttl"
                + " finding)";
    }

    /**
     * The group key of {@code aggregate} that is a window bound ({@code hr} of {@code window_start AS hr}), as {@code
     * "hr is window_start"}, read from the compiled plan ({@link ExplainedPlan#source}); empty where no key is, or the
     * plan is EXPLAIN text.
     */
    private static Optional<String> windowBound(ExplainedPlan plan, Operator.GroupAggregate aggregate) {
        List<PlanNode> inputs = plan.inputs(aggregate.node());
        if (inputs.size() != 1) {
            return Optional.empty();
        }
        for (String key : aggregate.groupBy()) {
            Optional<String> source = plan.source(inputs.get(0), key)
                    .filter(s -> WINDOW_AGGREGATION.contains(s.node().name()) || s.node().is("WindowTableFunction"))
                    .map(s -> s.name())
                    .filter(name -> name.equals("window_start") || name.equals("window_end"));
            if (source.isPresent()) {
                return Optional.of(key.equals(source.get()) ? key + " is a window bound" : key + " is " + source.get());
            }
        }
        return Optional.empty();
    }
}
