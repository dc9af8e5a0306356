package io.github.sqlguard.rules.plan;

import io.github.sqlguard.plan.PlanNode;
import io.github.sqlguard.plan.StatefulOperators;
import io.github.sqlguard.plan.PlanSection;
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
    protected List<RuleHit> check(AnalysisContext context, PlanSection plan) {
        Duration max = context.option(StateTtlOptions.MAX_STATE_TTL);
        boolean hinted =
                context.statement().stateTtlHints().stream()
                        .anyMatch(h -> StateTtl.parse(h.value()).map(d -> !StateTtl.neverExpires(d, max)).orElse(false));
        List<RuleHit> hits = new ArrayList<>();
        for (PlanNode node : plan.nodes()) {
            if (!StatefulOperators.TTL_BOUNDED.contains(node.name())) {
                continue;
            }
            OperatorTtl ttl = OperatorTtl.of(context, node);
            if (!ttl.neverExpires(max)
                    || (!ttl.fromCompiledPlan() && hinted && StatefulOperators.HINTABLE.contains(node.name()))) {
                continue;
            }
            boolean dedup = node.is("Deduplicate");
            String key =
                    node.attribute("groupBy")
                            .or(() -> node.attribute("key"))
                            .or(() -> node.attribute("leftKeys"))
                            .or(() -> node.attribute("uniqueKeys"))
                            .orElse("its key");
            String reason =
                    dedup
                            ? "Deduplicate keeps one row per key (" + key + ") and " + ttl.describe(max)
                                    + ": the state grows with the number of distinct keys."
                            : node.name() + " keeps state per key (" + key + ") and " + ttl.describe(max)
                                    + ": with an unbounded key space the state grows forever.";
            RuleHit hit =
                    PlanRules.hit(
                            plan,
                            node,
                            reason,
                            "Set a state TTL that outlives the key's activity: SET 'table.exec.state.ttl' = '1 d', or a per-operator"
                                    + " /*+ STATE_TTL('t' = '1 d') */ hint; or aggregate per window (TUMBLE/HOP/CUMULATE).");
            hits.add(dedup ? new RuleHit(hit.reason(), hit.node(), hit.excerpt(), hit.fix(), Level.INFO) : hit);
        }
        return hits;
    }
}
