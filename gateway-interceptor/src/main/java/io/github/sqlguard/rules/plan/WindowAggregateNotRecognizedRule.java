package io.github.sqlguard.rules.plan;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.Operator;
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
 * window_start}, {@code window_end}, over a windowing operator ({@link WindowKeys}).
 * A window column renamed on the way up is not recognised.
 */
public final class WindowAggregateNotRecognizedRule extends StreamingPlanRule {

    public static final String ID = "window-aggregate-not-recognized";

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.check(
                    ID, Level.WARN,
                    "Aggregation over a window grouped by `window_start` or `window_end` alone: Flink plans a general"
                    + " `GroupAggregate`, not a window aggregation, and keeps each window's totals after the window closes.");

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
            List<String> keys = aggregate.groupBy();
            Optional<String> alone = WindowKeys.alone(keys);
            if (alone.isEmpty() || !WindowKeys.overWindow(plan, operator.node())) {
                continue;
            }
            String has = alone.get();
            String missing = WindowKeys.missing(has);
            hits.add(
                    PlanRules.hit(
                            plan,
                            operator,
                            "This aggregation over a window's rows is grouped by " + has + " without " + missing
                                    + ", so Flink cannot plan it as a window aggregation (which needs both window_start"
                                    + " and window_end in GROUP BY) and runs a general " + operator.node().name()
                                    + " keyed by " + WindowKeys.keys(aggregate) + ": each window's totals stay in state"
                                    + " after the window closes, until the state TTL removes them, and are updated as"
                                    + " rows arrive instead of emitted once when the window closes.",
                            "Group by both window columns (" + WindowKeys.groupByBoth(aggregate, has) + "): Flink then plans a"
                                    + " window aggregation, which emits each window's result once and frees its state"
                                    + " when the window closes" + WindowKeys.setsCaveat(aggregate) + "."));
        }
        return hits;
    }
}
