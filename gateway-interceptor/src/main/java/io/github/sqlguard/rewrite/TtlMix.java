package io.github.sqlguard.rewrite;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.Operator;
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

    /**
     * {@code "; ..."} naming the operators over an input that expires at another time, each by what it keeps and for
     * how long ({@code the GroupAggregate keeps its state under a TTL of 1 d, over the Join of orders with customers,
     * which keeps the rows of customers with no TTL (never expires) and those of orders under a TTL of 1 d}); empty when
     * none does.
     */
    static String changes(Optional<ExplainedPlan> plan) {
        if (plan.isEmpty() || !plan.get().compiled()) {
            return "";
        }
        ExplainedPlan p = plan.get();
        List<String> pairs = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (PlanNode node : p.nodes()) {
            if (!stateful(node)) {
                continue;
            }
            List<PlanNode> inputs = p.inputs(node);
            for (int input = 0; input < inputs.size(); input++) {
                // Each input against the state that keeps its rows: a join's side hinted 4 d over an aggregation
                // at 4 d is one TTL, whatever the other side keeps (PipelineTtls).
                List<OperatorState> above = PipelineTtls.statesOf(node, input);
                for (PlanNode below : statefulBelow(p, inputs.get(input))) {
                    String pair = keeps(p, node, input, above) + ", over " + keptBelow(p, below);
                    if (!ttls(above).equals(ttls(below.state())) && seen.add(pair) && pairs.size() < MAX_PAIRS) {
                        pairs.add(pair);
                    }
                }
            }
        }
        if (pairs.isEmpty()) {
            return "";
        }
        return "; operators of one pipeline expire at different times (" + String.join("; ", pairs) + "): a key that"
                + " returns after the shorter TTL is started anew by the operator that forgot it while the other still"
                + " holds it, so rows already emitted can be emitted again (duplicates downstream) or updated where"
                + " the next operator no longer has them";
    }

    /**
     * What {@code node} keeps of its input {@code input} under {@code states}: {@code the Join of orders with shipments
     * keeps the rows of orders under a TTL of 1 d} where it keeps one state per input (a regular join), else {@code the
     * GroupAggregate keeps its state with no TTL (never expires)}.
     */
    private static String keeps(ExplainedPlan plan, PlanNode node, int input, List<OperatorState> states) {
        if (!perInput(node)) {
            return named(plan, node) + " keeps its state " + ttlWords(states);
        }
        return named(plan, node) + " keeps " + rowsOf(plan, node, input) + " " + ttlWords(states);
    }

    /** {@code node}, an operator below another, by what it keeps: per input where its inputs' TTLs differ. */
    private static String keptBelow(ExplainedPlan plan, PlanNode node) {
        if (!perInput(node) || node.inputs().size() != 2 || ttls(PipelineTtls.statesOf(node, 0))
                .equals(ttls(PipelineTtls.statesOf(node, 1)))) {
            return named(plan, node) + ", which keeps its state " + ttlWords(node.state());
        }
        // The input whose rows never expire first: what the pair is about.
        int first = PipelineTtls.statesOf(node, 1).stream().anyMatch(s -> s.ttl().isZero()) ? 1 : 0;
        return named(plan, node) + ", which keeps " + rowsOf(plan, node, first) + " "
                + ttlWords(PipelineTtls.statesOf(node, first)) + " and " + rowsOf(plan, node, 1 - first).replaceFirst(
                        "^the rows of ", "those of ") + " " + ttlWords(PipelineTtls.statesOf(node, 1 - first));
    }

    /** True where {@code node} keeps one state per input (a regular join's left and right state). */
    private static boolean perInput(PlanNode node) {
        return node.inputs().size() > 1 && node.state().size() == node.inputs().size();
    }

    /**
     * An operator by the tables its inputs read, as a user knows them: {@code the Join of orders with customers} (each
     * input's tables, {@link ExplainedPlan#tablesRead}); {@code the GroupAggregate} for a one-input operator, or where
     * an input reads no named table; a SEMI or ANTI join by its type ({@code the ANTI Join of orders with orders}).
     */
    private static String named(ExplainedPlan plan, PlanNode node) {
        List<PlanNode> inputs = plan.inputs(node);
        if (inputs.size() != 2) {
            return "the " + node.name();
        }
        // A SEMI or ANTI join (an IN or EXISTS subquery) said so: "the ANTI Join of orders with orders" is no self-join.
        String kind = plan.operators(Operator.Join.class).stream().filter(j -> j.node().id() == node.id())
                .map(Operator.Join::joinType).filter(t -> t.equals("SEMI") || t.equals("ANTI")).findFirst()
                .map(t -> t + " ").orElse("");
        String left = tables(plan, inputs.get(0));
        String right = tables(plan, inputs.get(1));
        return "the " + kind + node.name() + (left.isEmpty() || right.isEmpty() ? "" : " of " + left + " with " + right);
    }

    /** The rows of input {@code input} of {@code node}: {@code the rows of customers}, or {@code its right input's rows}. */
    private static String rowsOf(ExplainedPlan plan, PlanNode node, int input) {
        List<PlanNode> inputs = plan.inputs(node);
        String tables = input < inputs.size() ? tables(plan, inputs.get(input)) : "";
        if (!tables.isEmpty()) {
            return "the rows of " + tables;
        }
        return inputs.size() == 2 ? "its " + (input == 0 ? "left" : "right") + " input's rows" : "the rows of its input " + (input + 1);
    }

    /** The named tables {@code node} reads, joined for a sentence: {@code orders}, {@code orders and customers}. */
    private static String tables(ExplainedPlan plan, PlanNode node) {
        List<String> names = plan.tablesRead(node).stream().map(t -> t.getObjectName()).distinct().toList();
        if (names.size() <= 1) {
            return names.isEmpty() ? "" : names.get(0);
        }
        return String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.get(names.size() - 1);
    }

    /** {@code with no TTL (never expires)}, {@code under a TTL of 1 d}, {@code under TTLs of 12 h and 2 d}. */
    private static String ttlWords(List<OperatorState> states) {
        Set<Duration> ttls = ttls(states);
        if (ttls.size() == 1) {
            Duration ttl = ttls.iterator().next();
            return ttl.isZero() ? "with no TTL (never expires)" : "under a TTL of " + StateTtl.format(ttl);
        }
        List<String> out = new ArrayList<>();
        for (Duration ttl : ttls) {
            out.add(ttl.isZero() ? "0 (never expires)" : StateTtl.format(ttl));
        }
        return "under TTLs of " + String.join(", ", out.subList(0, out.size() - 1)) + " and " + out.get(out.size() - 1);
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

    /** The states' TTLs, to compare: two operators expire alike where theirs are the same. */
    private static Set<Duration> ttls(List<OperatorState> states) {
        Set<Duration> ttls = new TreeSet<>();
        for (OperatorState state : states) {
            ttls.add(state.ttl());
        }
        return ttls;
    }
}
