package io.github.sqlguard.rules.plan;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.OperatorTtl;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.rules.RuleHit;
import io.github.sqlguard.rules.StateTtl;
import io.github.sqlguard.rules.StateTtlOptions;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code unbounded-rank}: a non-window {@code Rank} in streaming mode whose state never expires in
 * practice: its own state TTL (Flink's compiled plan; else inferred from the session) is 0 or above
 * {@code sql-guard.max-state-ttl}. Flink's {@code StreamExecRank} keeps the Top-N of every
 * partition key it has ever seen; with no TTL that state only grows.
 */
public final class UnboundedRankRule extends StreamingPlanRule {

    public static final String ID = "unbounded-rank";

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.check(
                    ID, Level.BLOCK,
                    "Non-window Top-N (`Rank`) in streaming mode with no state TTL (or one above"
                    + " `sql-guard.max-state-ttl`): state grows forever.",
                    StateTtlOptions.MAX_STATE_TTL);

    @Override
    public RuleDeclaration declaration() {
        return DECLARATION;
    }

    @Override
    protected List<RuleHit> check(AnalysisContext context, ExplainedPlan plan) {
        List<RuleHit> hits = new ArrayList<>();
        for (Operator.Rank rank : plan.operators(Operator.Rank.class)) {
            OperatorTtl ttl = OperatorTtl.of(context, rank.node());
            if (!ttl.neverExpires(context.option(StateTtlOptions.MAX_STATE_TTL))) {
                continue;
            }
            hits.add(
                    PlanRules.hit(
                            plan,
                            rank,
                            "This Top-N runs as a non-window Rank (partitioned by "
                                    + PlanRules.keysText(rank.partitionKeys())
                                    + ", ordered by "
                                    + rank.orderBy()
                                    + ") and " + ttl.describe(context.option(StateTtlOptions.MAX_STATE_TTL))
                                    + ", so Flink keeps the ranking of every key it has ever seen and the state never shrinks.",
                            "Rank per window instead (window Top-N: ROW_NUMBER() OVER (PARTITION BY window_start, window_end ... ) over"
                                    + " TABLE(TUMBLE(TABLE t, DESCRIPTOR(rowtime), INTERVAL '5' MINUTES))), order by a time attribute so Flink"
                                    + " can deduplicate, or bound the state: SET 'table.exec.state.ttl' = '1 d'."));
        }
        return hits;
    }
}
