package io.github.sqlguard.rules.plan;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.plan.PlanNode;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.rules.RuleHit;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code window-aggregate-not-recognized}: an aggregation over a window's rows grouped by {@code
 * window_start} or {@code window_end} but not by both. Flink plans a window aggregation ({@code
 * WindowAggregate}, or {@code LocalWindowAggregate}/{@code GlobalWindowAggregate}) only when the
 * {@code GROUP BY} holds both window columns of the windowing TVF (Flink docs, "Window
 * Aggregation": "Window aggregations are defined in the GROUP BY clause contains "window_start" and
 * "window_end" columns of the relation applied Windowing TVF"); with one of them it plans a {@code
 * WindowTableFunction} and a general {@code GroupAggregate} keyed by that column: each window's
 * totals stay in state after the window closes (until the state TTL removes them) and are updated
 * as rows arrive, not emitted once per window. The aggregation's counterpart of {@link
 * WindowRankNotRecognizedRule}.
 *
 * <p>The plan signal: a {@code GroupAggregate} whose keys hold exactly one of the columns {@code
 * window_start}, {@code window_end}, or {@code window_time} and neither of them, over a windowing operator ({@link
 * WindowKeys#groupedByOne}: Flink's {@code WindowUtil#groupingContainsWindowStartEnd} asks for both bounds). A {@code
 * window_time} renamed below ({@code window_time AS wt} in a view) is read through the compiled plan's projections
 * ({@link WindowKeys#timeRenamed}); a window bound renamed on the way up is not recognised. And a {@code GroupAggregate}
 * right over a window TVF's {@code WindowTableFunction} whose keys are all columns of the table the window reads, none of
 * the window's ({@link WindowKeys#ungroupedWindow}: {@code GROUP BY collection, item_id} over {@code TABLE(CUMULATE(...))},
 * read in myfjdthink/flink-playground, round 70): a total since the start over the rows the window emits, each row once
 * per window that holds it, several times for a HOP or CUMULATE.
 */
public final class WindowAggregateNotRecognizedRule extends StreamingPlanRule {

    public static final String ID = "window-aggregate-not-recognized";

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.check(
                    ID, Level.WARN,
                    "Aggregation over a window grouped by `window_start` or `window_end` alone, by `window_time`, or by none of the"
                    + " window's columns: Flink plans a general `GroupAggregate`, not a window aggregation, and keeps its totals after"
                    + " the window closes.");

    @Override
    public RuleDeclaration declaration() {
        return DECLARATION;
    }

    @Override
    protected List<RuleHit> check(AnalysisContext context, ExplainedPlan plan) {
        List<RuleHit> hits = new ArrayList<>();
        for (Operator operator : plan.operators()) {
            if (!(operator instanceof Operator.GroupAggregate aggregate)) {
                continue;
            }
            Optional<WindowKeys.Grouped> grouped = WindowKeys.groupedByOne(plan, aggregate);
            if (grouped.isEmpty()) {
                WindowKeys.ungroupedWindow(plan, aggregate).ifPresent(window -> hits.add(ungrouped(plan, aggregate, window)));
                continue;
            }
            String has = grouped.get().has();
            String as = grouped.get().as();
            String named = grouped.get().renamed() ? as + " (" + has + " renamed)" : has;
            String missing = WindowKeys.missing(has);
            String groupBy = WindowKeys.groupByBoth(aggregate, has, as);
            String then = ": Flink then plans a window aggregation, which emits each window's result once and frees its"
                    + " state when the window closes" + WindowKeys.setsCaveat(aggregate) + ".";
            String fix;
            if (has.equals(WindowKeys.TIME)) {
                // window_time is one value per window (window_end - 1 ms): grouped by the bounds beside it, the groups
                // are the same windows. A view that renames it may not select the bounds: the fix says to.
                fix = "Group by the window's bounds beside " + as + " (" + groupBy + "): window_time is one value per"
                        + " window (window_end - 1 ms), so the groups are the same windows" + then
                        + (grouped.get().renamed() ? " Where the query the aggregation reads does not select window_start"
                                + " and window_end, select them there first." : "");
            } else {
                fix = "Group by both window columns (" + groupBy + ")" + then;
            }
            hits.add(
                    PlanRules.hit(
                            plan,
                            operator,
                            "This aggregation over a window's rows is grouped by " + named + " without " + missing
                                    + ", so Flink cannot plan it as a window aggregation (which needs both window_start"
                                    + " and window_end in GROUP BY) and runs a general " + operator.node().name()
                                    + " keyed by " + WindowKeys.keys(aggregate) + ": each window's totals stay in state"
                                    + " after the window closes, until the state TTL removes them, and are updated as"
                                    + " rows arrive instead of emitted once when the window closes.",
                            fix));
        }
        return hits;
    }

    /**
     * An aggregation over a window TVF's rows grouped by none of the window's columns ({@link
     * WindowKeys#ungroupedWindow}): a total since the start, not one per window, over the rows the window TVF emits.
     * Flink's window TVF emits each row once for every window its assigner gives it (Flink 2.3.0 {@code
     * AlignedWindowTableFunctionOperator#processElement} hands {@code assignWindows}' windows to {@code
     * WindowTableFunctionOperatorBase#collect}, one output row each): one for a TUMBLE, several for a
     * HOP (size / slide) or a CUMULATE (each window of its cycle that ends after the row), so a SUM or COUNT over a HOP's
     * or CUMULATE's rows counts each row several times.
     */
    private static RuleHit ungrouped(ExplainedPlan plan, Operator.GroupAggregate aggregate, PlanNode window) {
        String spec = WindowKeys.windowSpec(window).orElse(window.description());
        String kind = WindowKeys.windowKind(window).orElse("");
        String keyed = aggregate.groupBy().isEmpty() ? "with no key (one global group)" : "keyed by " + WindowKeys.keys(aggregate);
        String rows = kind.equals("TUMBLE")
                ? "each row falls in one window, so the window changes nothing and the result is the table's total since"
                        + " the job started, as if read without it"
                : kind.equals("HOP") || kind.equals("CUMULATE")
                        ? "Flink emits each row once for every window that holds it (a " + kind + " assigns a row to several"
                                + " windows), so each row is aggregated once per window that holds it: a SUM or COUNT counts a"
                                + " row several times, and is neither a total per window nor the total since the job started"
                        : "the result is a total since the job started, not one per window";
        String groupBy = aggregate.groupBy().isEmpty()
                ? "GROUP BY window_start, window_end"
                : "GROUP BY window_start, window_end, " + String.join(", ", aggregate.groupBy());
        return PlanRules.hit(
                plan,
                aggregate,
                "This aggregation reads the rows of a " + (kind.isEmpty() ? "" : kind + " ") + "window TVF (" + window.label()
                        + ": " + spec + ") but groups by"
                        + " none of its window columns (window_start, window_end), so Flink plans no window aggregation but a"
                        + " general " + aggregate.node().name() + " " + keyed + " over every row the window emits, its totals"
                        + " kept in state and updated as rows arrive: " + rows + ".",
                "For a result per window, group by both window columns (" + groupBy + ") and select them, so that"
                        + " each result row says its window: Flink then plans a window aggregation, which emits each window's"
                        + " result once and frees its state when the window closes. For a total since the start, read the"
                        + " table itself in place of its window TVF"
                        + (kind.equals("TUMBLE") ? "" : " (which emits each row once per window that holds it)")
                        + ", and bound the aggregation's state with a TTL.");
    }
}
