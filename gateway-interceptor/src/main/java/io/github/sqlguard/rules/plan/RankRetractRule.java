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
 * {@code rank-retract}: {@code Rank(strategy=[RetractStrategy])}. The input is an update stream (a
 * GROUP BY, a join, a CDC source), so Flink's {@code RetractableTopNFunction} keeps every input row
 * of each partition, not just the Top-N.
 */
public final class RankRetractRule extends StreamingPlanRule {

    public static final String ID = "rank-retract";

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.check(
                    ID, Level.WARN,
                    "Top-N over an updating input (`RetractStrategy`) keeps every input row per partition.");

    @Override
    public RuleDeclaration declaration() {
        return DECLARATION;
    }

    @Override
    protected List<RuleHit> check(AnalysisContext context, ExplainedPlan plan) {
        List<RuleHit> hits = new ArrayList<>();
        for (Operator.Rank rank : plan.operators(Operator.Rank.class)) {
            if (rank.retracts()) {
                hits.add(
                        PlanRules.hit(
                                plan,
                                rank,
                                "The Top-N input is an update stream, so " + rank.node().name() + " uses RetractStrategy and stores every input row of each"
                                        + " partition (" + PlanRules.keysText(rank.partitionKeys())
                                        + "), not only the top rows, to be able to retract them.",
                                "Rank an append-only input (for example a windowed aggregate with TUMBLE and a window Top-N), or make"
                                        + " the ORDER BY column monotonic so Flink can use UpdateFastStrategy; set a state TTL."));
            }
        }
        return hits;
    }
}
