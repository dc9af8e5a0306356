package io.github.sqlguard.rewrite;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.rules.Finding;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What a state TTL changes in a {@code DISTINCT} aggregate ({@code COUNT(DISTINCT user_id)}), for
 * the {@code changes:} line of a rewrite that sets one. Flink keeps a distinct aggregate's values
 * in a {@code MapView} of the accumulator, in map state, and a state TTL expires each map entry on
 * its own ({@code TtlMapState}: one timestamp per entry), while the key's other state lives on as
 * long as other values keep arriving: a value not seen for the TTL is forgotten, counted again when
 * it comes back, and a retraction of it finds nothing to take back.
 */
final class DistinctUnderTtl {

    private DistinctUnderTtl() {}

    /**
     * {@code "; COUNT(DISTINCT user_id) ..."} when the finding's aggregation (or, for a TTL set for
     * the whole statement, any aggregation of its plan) has a {@code DISTINCT} call; else empty.
     */
    static String changes(Finding finding, RewriteContext context) {
        if (context.request().plan().isEmpty()) {
            return "";
        }
        ExplainedPlan plan = context.request().plan().get();
        Set<String> calls = new LinkedHashSet<>();
        for (Operator.GroupAggregate aggregate : plan.operators(Operator.GroupAggregate.class)) {
            boolean finds = finding.planNode().equals(Optional.of(aggregate.node().id()));
            if (finds || !finding.facts().operator().equals(Optional.of("GroupAggregate"))) {
                aggregate.distinctCalls().forEach(c -> calls.add(c.sql()));
            }
        }
        if (calls.isEmpty()) {
            return "";
        }
        List<String> list = new ArrayList<>(calls);
        return "; " + String.join(", ", list) + (list.size() == 1 ? " expires" : " expire") + " each distinct value on"
                + " its own: a value not seen for the TTL is counted again when it returns, and its retraction is lost";
    }
}
