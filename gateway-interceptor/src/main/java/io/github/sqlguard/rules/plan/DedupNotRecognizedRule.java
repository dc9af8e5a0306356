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
 * {@code dedup-not-recognized}: a {@code Rank} with {@code rankRange=[rankStart=1, rankEnd=1]}. The
 * query is a deduplication ({@code rn = 1}) but Flink could not plan {@code Deduplicate} because the
 * ORDER BY is not a time attribute ({@code StreamPhysicalRankRule} vs {@code
 * StreamPhysicalDeduplicateRule}).
 */
public final class DedupNotRecognizedRule extends StreamingPlanRule {

    public static final String ID = "dedup-not-recognized";

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.check(
                    ID, Level.WARN,
                    "A \"keep the first/last row per key\" query that Flink could not plan as `Deduplicate`.");

    @Override
    public RuleDeclaration declaration() {
        return DECLARATION;
    }

    @Override
    protected List<RuleHit> check(AnalysisContext context, ExplainedPlan plan) {
        List<RuleHit> hits = new ArrayList<>();
        for (Operator.Rank rank : plan.operators(Operator.Rank.class)) {
            if (rank.keepsFirstRowOnly()) {
                String order = rank.orderBy();
                hits.add(
                        PlanRules.hit(
                                plan,
                                rank,
                                "This 'rn = 1' query ordered by "
                                        + order
                                        + " ran as a general Rank, not as Deduplicate: Flink deduplicates only when ORDER BY is a time attribute"
                                        + " (a column with a WATERMARK, or PROCTIME()).",
                                "Declare the column as event time (WATERMARK FOR "
                                        + (rank.orderKeys().isEmpty() ? "the order column" : rank.orderKeys().get(0).column())
                                        + " AS ...) or order by a PROCTIME() column; to keep the latest value per key without"
                                        + " ordering, use GROUP BY key with LAST_VALUE(...)."));
            }
        }
        return hits;
    }
}
