package io.github.sqlguard.rules.plan;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.plan.PlanNode;
import io.github.sqlguard.plan.StatefulOperators;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.OperatorTtl;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.rules.RuleHit;
import io.github.sqlguard.rules.StateTtl;
import io.github.sqlguard.rules.StateTtlOptions;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code stateful-without-ttl}: a stateful streaming operator keyed by an unbounded key whose own
 * state TTL never expires in practice: 0, or above {@code sql-guard.max-state-ttl} ({@code
 * GroupAggregate}, a regular {@code Join}, {@code ChangelogNormalize}, {@code Deduplicate}, ...).
 * The TTL is the operator's own as Flink's compiled plan gives it (after {@code STATE_TTL} hints,
 * including a hint of {@code '0'}); where no compiled plan exists it is inferred from the session's
 * {@code table.exec.state.ttl} and positive {@code STATE_TTL} hints. A {@code Deduplicate} keeps one
 * row per key, so it is only advised ({@link Level#INFO}).
 */
public final class StatefulWithoutTtlRule extends StreamingPlanRule {

    public static final String ID = "stateful-without-ttl";


    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.check(
                    ID, Level.WARN,
                    "Stateful operator (aggregation, join, deduplication) with no state TTL (or one above"
                    + " `sql-guard.max-state-ttl`); a `Deduplicate` only at INFO.",
                    StateTtlOptions.MAX_STATE_TTL);

    @Override
    public RuleDeclaration declaration() {
        return DECLARATION;
    }

    @Override
    protected List<RuleHit> check(AnalysisContext context, ExplainedPlan plan) {
        Duration max = context.option(StateTtlOptions.MAX_STATE_TTL);
        boolean hinted =
                context.statement().stateTtlHints().stream()
                        .anyMatch(h -> StateTtl.parse(h.value()).map(d -> !StateTtl.neverExpires(d, max)).orElse(false));
        List<RuleHit> hits = new ArrayList<>();
        for (Operator operator : plan.operators()) {
            PlanNode node = operator.node();
            if (!StatefulOperators.TTL_BOUNDED.contains(node.name())) {
                continue;
            }
            OperatorTtl ttl = OperatorTtl.of(context, node);
            if (!ttl.neverExpires(max)
                    || (!ttl.fromCompiledPlan() && hinted && StatefulOperators.HINTABLE.contains(node.name()))) {
                continue;
            }
            boolean dedup = operator instanceof Operator.Deduplicate;
            String reason = keeps(operator) + " and " + ttl.describe(max)
                    + (dedup ? ": the state grows with the number of distinct keys."
                            : operator instanceof Operator.GroupAggregate aggregate && aggregate.groupBy().isEmpty()
                                    ? ": what its accumulators keep (the distinct values of a DISTINCT aggregate) is never freed."
                                    : ": with an unbounded key space the state grows forever.");
            RuleHit hit =
                    PlanRules.hit(
                            plan,
                            operator,
                            reason,
                            "Set a state TTL that outlives the key's activity: SET 'table.exec.state.ttl' = '1 d', or a per-operator"
                                    + " /*+ STATE_TTL('t' = '1 d') */ hint; or aggregate per window (TUMBLE/HOP/CUMULATE).");
            hits.add(dedup ? new RuleHit(hit.reason(), hit.node(), hit.excerpt(), hit.fix(), Level.INFO) : hit);
        }
        return hits;
    }

    /** What the operator keeps, with its key columns from the plan: {@code GroupAggregate keeps state per key (user_id)}. */
    private static String keeps(Operator operator) {
        String name = operator.node().name();
        if (operator instanceof Operator.GroupAggregate aggregate) {
            return aggregate.groupBy().isEmpty()
                    ? name + " has no GROUP BY key, so it keeps one accumulator for all rows,"
                    : name + " keeps state per key (" + String.join(", ", aggregate.groupBy()) + ")";
        }
        if (operator instanceof Operator.Deduplicate deduplicate) {
            return name + " keeps one row per key (" + PlanRules.keysText(deduplicate.keys()) + ")";
        }
        if (operator instanceof Operator.ChangelogNormalize normalize) {
            return name + " keeps the last row per key (" + PlanRules.keysText(normalize.keys()) + ")";
        }
        if (operator instanceof Operator.Join join) {
            return join.leftKeys().isEmpty()
                    ? name + " keeps the rows of both inputs"
                    : name + " keeps the rows of both inputs per join key (left " + String.join(", ", join.leftKeys())
                            + ", right " + String.join(", ", join.rightKeys()) + ")";
        }
        return name + " keeps state";
    }
}
