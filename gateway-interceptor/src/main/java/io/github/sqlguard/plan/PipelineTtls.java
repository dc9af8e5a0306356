package io.github.sqlguard.plan;


import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The state TTLs of the operators of one pipeline, read from the compiled plan's {@code state}
 * entries (not from hint text): the TTL each state of an operator gets, per input where the
 * operator has one state per input. Flink's multi-input operators list one state per input, state
 * {@code i} for input {@code i} ({@code StateMetadata#getMultiInputOperatorDefaultMeta}: a regular
 * {@code Join}'s {@code leftState} and {@code rightState}, each the hint's TTL for its input or the
 * session's). A session TTL ({@code SET 'table.exec.state.ttl'}) reaches every state no hint pins,
 * so a TTL proposed for them must not be shorter than one the statement pins on the same pipeline:
 * an operator below that forgets a key while the operator above still holds its rows starts the
 * key anew, and its rows are emitted again. Stateless.
 */
public final class PipelineTtls {

    private PipelineTtls() {}

    /** A TTL the statement pins on a stateful operator's input, and where: {@code the Join's right input}. */
    public record Pinned(Duration ttl, String where) {}

    /**
     * The states of {@code node} that keep rows of its input {@code input}: the input's own state where
     * the node has one state per input (a regular join), else all of them.
     */
    public static List<OperatorState> statesOf(PlanNode node, int input) {
        if (node.inputs().size() > 1 && node.state().size() == node.inputs().size()) {
            return List.of(node.state().get(input));
        }
        return node.state();
    }

    /** {@code the Join's right input} or {@code the GroupAggregate}: the part of {@code node} keeping {@code input}'s rows. */
    public static String name(PlanNode node, int input) {
        if (node.inputs().size() == 2 && node.state().size() == 2) {
            return "the " + node.name() + "'s " + (input == 0 ? "left" : "right") + " input";
        }
        if (node.inputs().size() > 1 && node.state().size() == node.inputs().size()) {
            return "the " + node.name() + "'s input " + (input + 1);
        }
        return "the " + node.name();
    }

    /**
     * The longest TTL the statement pins (a state entry of a non-zero TTL) on a pipeline through a
     * state that never expires, which a session TTL would reach: the operators above it through the
     * input it keeps, and the operators below that input. Empty for a plan without state entries (an
     * explained plan) or where nothing longer is pinned.
     */
    public static Optional<Pinned> longestPinned(Optional<ExplainedPlan> plan) {
        if (plan.isEmpty() || !plan.get().compiled()) {
            return Optional.empty();
        }
        ExplainedPlan p = plan.get();
        Map<Integer, List<PlanNode>> consumers = consumers(p);
        Pinned longest = null;
        for (PlanNode node : p.nodes()) {
            if (!StatefulOperators.isStateful(node)) {
                continue;
            }
            for (int input = 0; input < Math.max(1, node.inputs().size()); input++) {
                boolean unpinned = statesOf(node, input).stream().anyMatch(s -> s.ttl().isZero());
                if (!unpinned) {
                    continue;
                }
                List<Pinned> found = new ArrayList<>(above(p, consumers, node));
                if (input < node.inputs().size()) {
                    p.node(node.inputs().get(input)).ifPresent(below -> found.addAll(below(p, below)));
                }
                for (Pinned pinned : found) {
                    if (longest == null || pinned.ttl().compareTo(longest.ttl()) > 0) {
                        longest = pinned;
                    }
                }
            }
        }
        return Optional.ofNullable(longest);
    }

    /** The pinned TTLs of the stateful operators above {@code node}, each for the input its path comes through. */
    private static List<Pinned> above(ExplainedPlan plan, Map<Integer, List<PlanNode>> consumers, PlanNode node) {
        List<Pinned> out = new ArrayList<>();
        List<PlanNode> frontier = new ArrayList<>(List.of(node));
        Set<Integer> visited = new HashSet<>();
        while (!frontier.isEmpty()) {
            PlanNode at = frontier.remove(frontier.size() - 1);
            for (PlanNode consumer : consumers.getOrDefault(at.id(), List.of())) {
                if (!visited.add(consumer.id())) {
                    continue;
                }
                if (StatefulOperators.isStateful(consumer)) {
                    int input = consumer.inputs().indexOf(at.id());
                    pinned(statesOf(consumer, input), name(consumer, input)).ifPresent(out::add);
                }
                frontier.add(consumer);
            }
        }
        return out;
    }

    /** The pinned TTLs of {@code top} and every stateful operator below it. */
    private static List<Pinned> below(ExplainedPlan plan, PlanNode top) {
        List<Pinned> out = new ArrayList<>();
        for (PlanNode at : plan.below(top, node -> true)) {
            if (StatefulOperators.isStateful(at)) {
                for (int input = 0; input < Math.max(1, at.inputs().size()); input++) {
                    pinned(statesOf(at, input), name(at, input)).ifPresent(out::add);
                }
            }
        }
        return out;
    }

    private static Optional<Pinned> pinned(List<OperatorState> states, String where) {
        Duration longest = Duration.ZERO;
        for (OperatorState state : states) {
            if (state.ttl().compareTo(longest) > 0) {
                longest = state.ttl();
            }
        }
        return longest.isZero() ? Optional.empty() : Optional.of(new Pinned(longest, where));
    }

    private static Map<Integer, List<PlanNode>> consumers(ExplainedPlan plan) {
        Map<Integer, List<PlanNode>> out = new HashMap<>();
        for (PlanNode node : plan.nodes()) {
            for (Integer input : node.inputs()) {
                out.computeIfAbsent(input, k -> new ArrayList<>()).add(node);
            }
        }
        return out;
    }
}
