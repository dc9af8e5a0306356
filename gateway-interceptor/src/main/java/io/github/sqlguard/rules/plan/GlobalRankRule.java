package io.github.sqlguard.rules.plan;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.rules.RuleHit;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code global-rank}: a non-window {@code Rank} or an {@code OverAggregate} with {@code
 * partitionBy=[]}. Flink sends every row to one parallel instance ({@code
 * Exchange(distribution=[single])}), which holds all the state and caps throughput.
 */
public final class GlobalRankRule extends StreamingPlanRule {

    public static final String ID = "global-rank";

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.check(
                    ID, Level.WARN,
                    "Top-N or OVER without `PARTITION BY`: one parallel instance holds all the state.");

    @Override
    public RuleDeclaration declaration() {
        return DECLARATION;
    }

    @Override
    protected List<RuleHit> check(AnalysisContext context, ExplainedPlan plan) {
        List<RuleHit> hits = new ArrayList<>();
        for (Operator operator : plan.operators()) {
            boolean global =
                    (operator instanceof Operator.Rank rank && rank.global())
                            || (operator instanceof Operator.OverAggregate over && over.global());
            if (global) {
                hits.add(
                        PlanRules.hit(
                                plan,
                                operator,
                                "This " + operator.node().name() + " has no PARTITION BY, so all rows go to a single parallel instance that holds the"
                                        + " whole state and limits throughput to one task.",
                                "Partition the ranking (PARTITION BY a key), or compute the global Top-N per window"
                                        + " (PARTITION BY window_start, window_end) from a pre-aggregated per-window result."));
            }
        }
        return hits;
    }
}
