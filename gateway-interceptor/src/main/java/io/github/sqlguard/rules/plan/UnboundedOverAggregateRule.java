package io.github.sqlguard.rules.plan;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.Rule;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.rules.RuleHit;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code unbounded-over-aggregate}: an {@code OverAggregate} ordered by a column that is not a
 * time attribute. From Flink 2.1 on such an OVER runs (the non-time {@code
 * NonTimeRowsUnboundedPrecedingFunction}); it keeps every row of each partition and re-emits
 * updates for rows after each insert.
 *
 * <p>Signal: the plan model's {@link Operator.OverAggregate#orderedByTimeAttribute()}: from a
 * compiled plan, whether the order column is a time attribute in the input's row type; from an
 * EXPLAIN text, as the text reader infers it (changelog mode, time attributes declared below).
 */
public final class UnboundedOverAggregateRule implements Rule {

    public static final String ID = "unbounded-over-aggregate";

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.check(
                    ID, Level.BLOCK,
                    "OVER window ordered by a non-time column: keeps every row per partition and emits update storms.");

    @Override
    public RuleDeclaration declaration() {
        return DECLARATION;
    }

    @Override
    public List<RuleHit> check(AnalysisContext context) {
        if (!context.streaming() || context.plan().isEmpty()) {
            return List.of();
        }
        ExplainedPlan plan = context.plan().get();
        List<RuleHit> hits = new ArrayList<>();
        for (Operator.OverAggregate over : plan.operators(Operator.OverAggregate.class)) {
            if (!over.orderedByTimeAttribute().orElse(false)) {
                hits.add(
                        PlanRules.hit(
                                plan,
                                over,
                                "This OVER window is ordered by " + over.orderBy() + ", which is not a time attribute: Flink keeps"
                                        + " every row of each partition (" + PlanRules.keysText(over.partitionKeys())
                                        + ") forever and re-emits updated rows for each new row.",
                                "For a Top-N or deduplication, filter on the ROW_NUMBER in an outer query ("
                                        + PlanRules.rowNumberFilter(context, 10) + ") so Flink plans a Rank; for a running"
                                        + " aggregate, ORDER BY a time attribute (a WATERMARK column or PROCTIME())."));
            }
        }
        return hits;
    }
}
