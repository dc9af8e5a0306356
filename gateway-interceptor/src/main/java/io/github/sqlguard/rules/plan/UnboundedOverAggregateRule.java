package io.github.sqlguard.rules.plan;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.plan.PlanNode;
import io.github.sqlguard.plan.PlanSection;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.Rule;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.rules.RuleHit;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * {@code unbounded-over-aggregate}: an {@code OverAggregate} ordered by a column that is not a
 * time attribute. From Flink 2.1 on such an OVER runs (the non-time {@code
 * NonTimeRowsUnboundedPrecedingFunction}); it keeps every row of each partition and re-emits
 * updates for rows after each insert.
 *
 * <p>Signal: {@code EXPLAIN CHANGELOG_MODE} prints the OverAggregate's output changelog in the
 * physical plan. A time-ordered OVER is insert-only ({@code changelogMode=[I]}); a non-time one
 * emits updates ({@code [I,UA,D]}). When the physical plan carries no changelog mode, the ORDER BY
 * column is compared with the time attributes declared below the node ({@code WatermarkAssigner}'s
 * {@code rowtime}, {@code PROCTIME()} columns).
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
        // An explained plan annotates changelog modes in its physical plan; a compiled plan has only
        // the execution plan, whose row types say whether the order key is a time attribute.
        PlanSection physical = plan.compiled() ? plan.executionPlan() : plan.physicalPlan();
        List<RuleHit> hits = new ArrayList<>();
        for (PlanNode node : physical.nodes("OverAggregate")) {
            Operator.OverAggregate over = (Operator.OverAggregate) plan.operator(node);
            if (!over.orderedByTimeAttribute().orElseGet(() -> orderedByTime(over))) {
                hits.add(
                        PlanRules.hit(
                                physical,
                                node,
                                "This OVER window is ordered by " + over.orderBy() + ", which is not a time attribute: Flink keeps"
                                        + " every row of each partition (" + PlanRules.partitionText(over.partitionKeys())
                                        + ") forever and re-emits updated rows for each new row.",
                                "For a Top-N or deduplication, filter on the ROW_NUMBER in an outer query (WHERE rn <= N) so Flink plans"
                                        + " a Rank; for a running aggregate, ORDER BY a time attribute (a WATERMARK column or PROCTIME())."));
            }
        }
        return hits;
    }

    /**
     * Where the compiled plan does not say: an OVER whose output is insert-only ({@code
     * CHANGELOG_MODE}) is ordered by time; else the order column is looked up among the plan's
     * rowtime and {@code PROCTIME()} columns below it (inferred from the printed plan).
     */
    private static boolean orderedByTime(Operator.OverAggregate over) {
        if (over.changelogMode().isPresent()) {
            return Set.of(over.changelogMode().get().split(",")).stream().map(String::strip).allMatch("I"::equals);
        }
        String orderColumn = over.orderBy().strip().split(" ")[0];
        Set<String> timeAttributes = new java.util.HashSet<>();
        over.node().visit(
                n -> {
                    n.attribute("rowtime").ifPresent(timeAttributes::add);
                    String select = n.attribute("select").orElse("");
                    for (String item : select.split(",")) {
                        String s = item.strip();
                        if (s.startsWith("PROCTIME() AS ")) {
                            timeAttributes.add(s.substring("PROCTIME() AS ".length()).strip());
                        }
                    }
                });
        return timeAttributes.contains(orderColumn);
    }
}
