package io.github.sqlguard.plan;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One operator of the execution plan, typed: what the rules read, parsed once from the printed node
 * ({@link PlanNode}, Flink's {@code ExecNode} description) and, where the plan was compiled, from
 * Flink's compiled plan ({@link CompiledNode}: state and its TTL, time attributes of order keys).
 * Names and attribute keys mirror the planner's {@code StreamExec*} nodes.
 *
 * <p>Stability: evolving; rules depend on it.
 */
public sealed interface Operator
        permits Operator.Rank,
                Operator.OverAggregate,
                Operator.Deduplicate,
                Operator.GroupAggregate,
                Operator.Join,
                Operator.ChangelogNormalize,
                Operator.WindowRank,
                Operator.Windowed,
                Operator.Other {

    /** The printed node (for excerpts and messages). */
    PlanNode node();

    /** The operator's state entries and their TTL; empty when not compiled or stateless. */
    List<OperatorState> state();

    /**
     * A non-window Top-N ({@code StreamExecRank}).
     *
     * @param strategy {@code AppendFastStrategy}, {@code RetractStrategy}, {@code UpdateFastStrategy...}
     * @param rankStart the first rank kept, when a constant
     * @param rankEnd the last rank kept, when a constant
     * @param partitionKeys {@code PARTITION BY} columns; empty for a global Top-N
     * @param orderBy the printed order, e.g. {@code amount DESC}
     * @param orderedByTimeAttribute whether the first order key is a time attribute (compiled plan)
     */
    record Rank(
            PlanNode node,
            String strategy,
            OptionalLong rankStart,
            OptionalLong rankEnd,
            List<String> partitionKeys,
            String orderBy,
            Optional<Boolean> orderedByTimeAttribute,
            List<OperatorState> state)
            implements Operator {

        /** {@code rn = 1}: the shape of a deduplication. */
        public boolean keepsFirstRowOnly() {
            return rankStart.orElse(-1) == 1 && rankEnd.orElse(-1) == 1;
        }

        /** Fed by an updating input: every input row is kept per partition. */
        public boolean retracts() {
            return strategy.startsWith("RetractStrategy");
        }

        /** No {@code PARTITION BY}: one parallel instance holds all state. */
        public boolean global() {
            return partitionKeys.isEmpty();
        }
    }

    /**
     * An OVER aggregation ({@code StreamExecOverAggregate}).
     *
     * @param partitionKeys {@code PARTITION BY} columns
     * @param orderBy the printed order
     * @param orderedByTimeAttribute whether the order key is a time attribute (compiled plan)
     * @param changelogMode the output changelog mode where the plan was explained with {@code
     *     CHANGELOG_MODE} (e.g. {@code I} or {@code I,UB,UA}); empty otherwise
     */
    record OverAggregate(
            PlanNode node,
            List<String> partitionKeys,
            String orderBy,
            Optional<Boolean> orderedByTimeAttribute,
            Optional<String> changelogMode,
            List<OperatorState> state)
            implements Operator {

        public boolean global() {
            return node.attributes().containsKey("partitionBy") && partitionKeys.isEmpty();
        }
    }

    /** {@code StreamExecDeduplicate}: keeps the first or last row per key. */
    record Deduplicate(PlanNode node, List<String> keys, List<OperatorState> state) implements Operator {}

    /** A group aggregation ({@code GroupAggregate}, its global/incremental parts, table aggregates). */
    record GroupAggregate(PlanNode node, List<String> groupBy, List<OperatorState> state) implements Operator {}

    /** A regular (unbounded) join ({@code StreamExecJoin}). */
    record Join(PlanNode node, String joinType, List<String> leftKeys, List<OperatorState> state) implements Operator {}

    /** {@code StreamExecChangelogNormalize}: materialises an upsert source per key. */
    record ChangelogNormalize(PlanNode node, List<String> keys, List<OperatorState> state) implements Operator {}

    /** A Top-N per window ({@code StreamExecWindowRank}): its state is freed when each window closes. */
    record WindowRank(PlanNode node, OptionalLong rankStart, OptionalLong rankEnd, List<OperatorState> state)
            implements Operator {}

    /**
     * An operator whose state a window or the watermark frees ({@code
     * WindowDeduplicate}, {@code WindowAggregate}, {@code WindowJoin}, interval and temporal joins).
     */
    record Windowed(PlanNode node, List<OperatorState> state) implements Operator {}

    /** Any other operator (sources, sinks, calc, exchange, ...). */
    record Other(PlanNode node, List<OperatorState> state) implements Operator {}

    /** The typed view of {@code node}, with what the compiled plan says of it (or nothing). */
    static Operator of(PlanNode node, Optional<CompiledNode> compiled) {
        List<OperatorState> state = compiled.map(CompiledNode::state).orElse(List.of());
        Optional<Boolean> byTime = compiled.flatMap(CompiledNode::orderedByTimeAttribute);
        String name = node.name();
        switch (name) {
            case "Rank":
                return new Rank(
                        node,
                        node.attribute("strategy").orElse(""),
                        range(node, "rankStart"),
                        range(node, "rankEnd"),
                        keys(node, "partitionBy"),
                        node.attribute("orderBy").orElse("?"),
                        byTime,
                        state);
            case "OverAggregate":
                return new OverAggregate(
                        node, keys(node, "partitionBy"), node.attribute("orderBy").orElse("?"), byTime,
                        node.attribute("changelogMode"), state);
            case "Deduplicate":
                return new Deduplicate(node, keys(node, "key"), state);
            case "GroupAggregate":
            case "GlobalGroupAggregate":
            case "IncrementalGroupAggregate":
            case "GroupTableAggregate":
                return new GroupAggregate(node, keys(node, "groupBy"), state);
            case "Join":
                return new Join(node, node.attribute("joinType").orElse(""), keys(node, "leftKeys"), state);
            case "ChangelogNormalize":
                return new ChangelogNormalize(node, keys(node, "key"), state);
            case "WindowRank":
                return new WindowRank(node, range(node, "rankStart"), range(node, "rankEnd"), state);
            case "WindowDeduplicate":
            case "WindowAggregate":
            case "GlobalWindowAggregate":
            case "LocalWindowAggregate":
            case "GroupWindowAggregate":
            case "WindowJoin":
            case "IntervalJoin":
            case "TemporalJoin":
                return new Windowed(node, state);
            default:
                return new Other(node, state);
        }
    }

    /** {@code rankStart}/{@code rankEnd} of {@code rankRange=[rankStart=1, rankEnd=3]}; empty when not a constant. */
    private static OptionalLong range(PlanNode node, String key) {
        for (String part : node.attribute("rankRange").orElse("").split(",")) {
            String[] kv = part.strip().split("=", 2);
            if (kv.length == 2 && kv[0].strip().equals(key)) {
                try {
                    return OptionalLong.of(Long.parseLong(kv[1].strip()));
                } catch (NumberFormatException e) {
                    return OptionalLong.empty();
                }
            }
        }
        return OptionalLong.empty();
    }

    /** The columns of {@code key=[a, b]}; empty for {@code key=[]} or no attribute. */
    private static List<String> keys(PlanNode node, String key) {
        String keys = node.attribute(key).orElse("").strip();
        return keys.isEmpty() ? List.of() : Arrays.stream(keys.split(",")).map(String::strip).toList();
    }
}
