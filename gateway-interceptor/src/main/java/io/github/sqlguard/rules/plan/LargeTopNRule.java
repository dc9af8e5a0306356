package io.github.sqlguard.rules.plan;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.Rule;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.rules.RuleHit;
import io.github.sqlguard.rules.RuleOption;

import org.apache.flink.configuration.ConfigOptions;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * {@code large-top-n}: a {@code Rank} or {@code WindowRank} whose {@code rankEnd} is above {@code
 * sql-guard.max-top-n} (default 1000) or is not a constant ({@code rankEnd=rn} style variable
 * ranges). Each partition keeps that many rows in state.
 */
public final class LargeTopNRule implements Rule {

    public static final String ID = "large-top-n";

    /** A Top-N whose rank end is above this is large. */
    public static final RuleOption<Long> MAX_TOP_N =
            RuleOption.of(
                    ConfigOptions.key("sql-guard.max-top-n")
                            .longType()
                            .defaultValue(1000L)
                            .withDescription("A Top-N whose rank end is above this is reported by 'large-top-n'."),
                    RuleOption.Requirement.positive(),
                    RuleOption.Strictness.lower());

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.check(
                    ID, Level.WARN,
                    "Top-N whose N is above `sql-guard.max-top-n` or not a constant.",
                    MAX_TOP_N);

    @Override
    public RuleDeclaration declaration() {
        return DECLARATION;
    }

    @Override
    public List<RuleHit> check(AnalysisContext context) {
        if (context.plan().isEmpty()) {
            return List.of();
        }
        ExplainedPlan plan = context.plan().get();
        long max = context.option(MAX_TOP_N);
        List<RuleHit> hits = new ArrayList<>();
        for (Operator operator : plan.operators()) {
            Operator.RankRange range;
            if (operator instanceof Operator.Rank rank) {
                range = rank.range();
            } else if (operator instanceof Operator.WindowRank rank) {
                range = rank.range();
            } else {
                continue;
            }
            OptionalLong end = range.end();
            if (end.isEmpty()) {
                hits.add(
                        PlanRules.hit(
                                plan,
                                operator,
                                "The Top-N bound is not a constant (" + range.describe()
                                        + "), so Flink cannot bound the rows kept per partition.",
                                "Filter on a constant: " + PlanRules.rowNumberFilter(context, 10) + "."));
            } else if (end.getAsLong() > max) {
                hits.add(
                        PlanRules.hit(
                                plan,
                                operator,
                                "This Top-N keeps up to " + end.getAsLong() + " rows per partition, above the limit of " + max
                                        + " (sql-guard.max-top-n): state and the update traffic per input row grow with N.",
                                "Lower N (" + PlanRules.rowNumberFilter(context, max) + " or less), or rank per window so the state"
                                        + " is freed at window end."));
            }
        }
        return hits;
    }
}
