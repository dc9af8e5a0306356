package io.github.sqlguard.rules.plan;

import io.github.sqlguard.plan.PlanNode;
import io.github.sqlguard.plan.PlanSection;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.RuleHit;
import io.github.sqlguard.rules.StateTtl;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * {@code stateful-without-ttl}: a stateful streaming operator keyed by an unbounded key while the
 * effective state TTL is 0 or above {@code sql-guard.max-state-ttl} (a TTL that never expires in
 * practice): {@code GroupAggregate}, a regular {@code Join}, {@code ChangelogNormalize}, {@code
 * Deduplicate}, ... A {@code Deduplicate} keeps one row per key, so it is only advised ({@link
 * Level#INFO}). Operators covered by a {@code STATE_TTL} hint with a positive value up to the
 * maximum are skipped: Flink applies the hint's TTL to the join or aggregation it names.
 */
public final class StatefulWithoutTtlRule extends StreamingPlanRule {

    public static final String ID = "stateful-without-ttl";

    /** Operators whose state is bounded only by a TTL (names as in the execution plan). */
    static final Set<String> STATEFUL =
            Set.of(
                    "GroupAggregate",
                    "GlobalGroupAggregate",
                    "IncrementalGroupAggregate",
                    "GroupTableAggregate",
                    "Join",
                    "ChangelogNormalize",
                    "Deduplicate",
                    "MultipleInput");

    /** Operators a STATE_TTL hint applies to (Flink's {@code StateTtlHint}: joins and aggregations). */
    static final Set<String> HINTABLE =
            Set.of("GroupAggregate", "GlobalGroupAggregate", "IncrementalGroupAggregate", "Join");

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Level defaultLevel() {
        return Level.WARN;
    }

    @Override
    public String summary() {
        return "Stateful operator (aggregation, join, deduplication) with no state TTL.";
    }

    @Override
    protected List<RuleHit> check(AnalysisContext context, PlanSection plan) {
        Duration ttl = context.effectiveStateTtl();
        Duration max = context.thresholds().maxStateTtl();
        if (!StateTtl.neverExpires(ttl, max)) {
            return List.of();
        }
        String why = StateTtl.whyNeverExpires(ttl, max);
        boolean hinted =
                context.statement().stateTtlHints().stream()
                        .anyMatch(h -> StateTtl.parse(h.value()).map(d -> !StateTtl.neverExpires(d, max)).orElse(false));
        List<RuleHit> hits = new ArrayList<>();
        for (PlanNode node : plan.nodes()) {
            if (!STATEFUL.contains(node.name()) || (hinted && HINTABLE.contains(node.name()))) {
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
                            ? "Deduplicate keeps one row per key (" + key + ") and " + why + "; the state grows with the number"
                                    + " of distinct keys."
                            : node.name() + " keeps state per key (" + key + ") and " + why + "; with an unbounded key space"
                                    + " the state grows forever.";
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
