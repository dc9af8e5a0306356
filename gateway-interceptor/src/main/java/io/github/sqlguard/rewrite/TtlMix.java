package io.github.sqlguard.rewrite;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.OperatorState;
import io.github.sqlguard.plan.PipelineTtls;
import io.github.sqlguard.plan.PlanNode;
import io.github.sqlguard.plan.StatefulOperators;
import io.github.sqlguard.rules.StateTtl;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Stateful operators of one pipeline whose state expires at different times in a rewrite's plan
 * (a {@code Rank} at 1 d over a {@code Join} a hint keeps 90 d), for the {@code changes:} line of a
 * rewrite that sets a TTL. A state TTL forgets a key in each operator on its own ({@code
 * StateTtlConfig} per state, Flink docs "Idle State Retention Time"): when the key returns after the
 * shorter TTL, the operator that forgot it starts the key anew while the other still holds it, so
 * rows already emitted downstream are emitted again (duplicates), or an update arrives for a row the
 * downstream operator no longer has. Read from the compiled plan's state entries.
 */
final class TtlMix {

    /** Pairs named at most: the first few say what it is. */
    private static final int MAX_PAIRS = 3;

    private TtlMix() {}

    /** {@code "; ..."} naming the operators over an input that expires at another time; empty when none does. */
    static String changes(Optional<ExplainedPlan> plan) {
        if (plan.isEmpty() || !plan.get().compiled()) {
            return "";
        }
        List<String> pairs = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (PlanNode node : plan.get().nodes()) {
            if (!stateful(node)) {
                continue;
            }
            List<PlanNode> inputs = plan.get().inputs(node);
            for (int input = 0; input < inputs.size(); input++) {
                // Each input against the state that keeps its rows: a join's side hinted 4 d over an aggregation
                // at 4 d is one TTL, whatever the other side keeps (PipelineTtls).
                String above = ttls(PipelineTtls.statesOf(node, input));
                for (PlanNode below : statefulBelow(plan.get(), inputs.get(input))) {
                    String pair = PipelineTtls.name(node, input) + " (" + above + ") over the " + below.name() + " ("
                            + ttls(below.state()) + ")";
                    if (!above.equals(ttls(below.state())) && seen.add(pair) && pairs.size() < MAX_PAIRS) {
                        pairs.add(pair);
                    }
                }
            }
        }
        if (pairs.isEmpty()) {
            return "";
        }
        return "; operators of one pipeline expire at different times (" + String.join(", ", pairs) + "): a key that"
                + " returns after the shorter TTL is started anew by the operator that forgot it while the other still"
                + " holds it, so rows already emitted can be emitted again (duplicates downstream) or updated where"
                + " the next operator no longer has them";
    }

    static boolean stateful(PlanNode node) {
        return StatefulOperators.isStateful(node) && !node.state().isEmpty();
    }

    /** The nearest stateful operators below {@code node}, through stateless ones. */
    static List<PlanNode> statefulInputs(ExplainedPlan plan, PlanNode node) {
        List<PlanNode> out = new ArrayList<>();
        for (PlanNode input : plan.inputs(node)) {
            out.addAll(statefulBelow(plan, input));
        }
        return out;
    }

    /** {@code top} where it is stateful, else the nearest stateful operators below it, through stateless ones. */
    private static List<PlanNode> statefulBelow(ExplainedPlan plan, PlanNode top) {
        return plan.below(top, node -> !stateful(node)).stream().filter(TtlMix::stateful).toList();
    }

    /** The states' TTLs as Flink writes durations, joined: {@code 1 d}, {@code 12 h/2 d}, {@code 0 (never)}. */
    private static String ttls(List<OperatorState> states) {
        Set<Duration> ttls = new TreeSet<>();
        for (OperatorState state : states) {
            ttls.add(state.ttl());
        }
        List<String> out = new ArrayList<>();
        for (Duration ttl : ttls) {
            out.add(ttl.isZero() ? "0, never expires" : StateTtl.format(ttl));
        }
        return String.join("/", out);
    }
}
