package io.github.sqlguard.plan;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One node of the plan, typed: what the rules read of it, with every key column by name. Built
 * once per plan by the reader (from the compiled plan's fields, {@link CompiledPlanReader}; from
 * the printed attributes of an EXPLAIN text, {@link PlanParser}). Names mirror the planner's
 * {@code StreamExec*} nodes and their JSON fields.
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

    /** The plan node. */
    PlanNode node();

    /** The node's state entries and their TTL; empty when not compiled or stateless. */
    default List<OperatorState> state() {
        return node().state();
    }

    /**
     * The node by its id and what the rules read of it, in column names: {@code
     * Rank[5](partitionBy=[user_id], orderBy=[amount DESC], rankRange=[rankStart=1, rankEnd=3],
     * strategy=[AppendFastStrategy])}. What findings name as their node.
     */
    default String describe() {
        return node().label();
    }

    /**
     * The ranks a Top-N keeps ({@code "rankRange"}: {@code {"type": "Constant", "start": 1, "end":
     * 3}} or {@code {"type": "Variable", "endIndex": 2}}).
     *
     * @param start the first rank kept, when a constant
     * @param end the last rank kept, when a constant
     * @param endColumn the column holding the last rank kept, when it is not a constant
     */
    record RankRange(OptionalLong start, OptionalLong end, Optional<String> endColumn) {

        /** As Flink prints it: {@code rankStart=1, rankEnd=3}, {@code rankEnd=amount}. */
        public String describe() {
            if (endColumn.isPresent()) {
                return "rankEnd=" + endColumn.get();
            }
            return "rankStart=" + (start.isPresent() ? start.getAsLong() : "?") + ", rankEnd="
                    + (end.isPresent() ? end.getAsLong() : "?");
        }
    }

    /**
     * A non-window Top-N ({@code StreamExecRank}).
     *
     * @param strategy Flink's name of it: {@code AppendFastStrategy}, {@code RetractStrategy},
     *     {@code UpdateFastStrategy}
     * @param range the ranks kept
     * @param partitionKeys {@code PARTITION BY} columns; empty for a global Top-N
     * @param orderKeys the {@code ORDER BY} keys
     * @param orderedByTimeAttribute whether the first order key is a time attribute; empty when the
     *     plan does not say (EXPLAIN text)
     */
    record Rank(
            PlanNode node,
            String strategy,
            RankRange range,
            List<String> partitionKeys,
            List<OrderKey> orderKeys,
            Optional<Boolean> orderedByTimeAttribute)
            implements Operator {

        public Rank {
            partitionKeys = List.copyOf(partitionKeys);
            orderKeys = List.copyOf(orderKeys);
        }

        public OptionalLong rankStart() {
            return range.start();
        }

        public OptionalLong rankEnd() {
            return range.end();
        }

        /** {@code rn = 1}: the shape of a deduplication. */
        public boolean keepsFirstRowOnly() {
            return range.start().orElse(-1) == 1 && range.end().orElse(-1) == 1;
        }

        /** Fed by an updating input: every input row is kept per partition. */
        public boolean retracts() {
            return strategy.startsWith("RetractStrategy");
        }

        /** No {@code PARTITION BY}: one parallel instance holds all state. */
        public boolean global() {
            return partitionKeys.isEmpty();
        }

        /** The order as SQL: {@code amount DESC}. */
        public String orderBy() {
            return Operators.orderBy(orderKeys);
        }

        @Override
        public String describe() {
            return node.label() + "(partitionBy=" + Operators.list(partitionKeys) + ", orderBy=[" + orderBy()
                    + "], rankRange=[" + range.describe() + "], strategy=[" + strategy + "])";
        }
    }

    /**
     * An OVER aggregation ({@code StreamExecOverAggregate}).
     *
     * @param partitionKeys {@code PARTITION BY} columns; empty when the window has none
     * @param orderKeys the {@code ORDER BY} keys of its window
     * @param orderedByTimeAttribute whether the order key is a time attribute: from the compiled
     *     plan's input type, or (EXPLAIN text) inferred from the changelog mode or the time
     *     attributes declared below the node; empty when neither says
     */
    record OverAggregate(
            PlanNode node, List<String> partitionKeys, List<OrderKey> orderKeys, Optional<Boolean> orderedByTimeAttribute)
            implements Operator {

        public OverAggregate {
            partitionKeys = List.copyOf(partitionKeys);
            orderKeys = List.copyOf(orderKeys);
        }

        /** No {@code PARTITION BY}: one parallel instance holds all state. */
        public boolean global() {
            return partitionKeys.isEmpty();
        }

        /** The order as SQL: {@code amount ASC}. */
        public String orderBy() {
            return Operators.orderBy(orderKeys);
        }

        @Override
        public String describe() {
            return node.label() + "(partitionBy=" + Operators.list(partitionKeys) + ", orderBy=[" + orderBy() + "])";
        }
    }

    /**
     * {@code StreamExecDeduplicate}: keeps the first or last row per key.
     *
     * @param keys the {@code PARTITION BY} columns it keeps a row for ({@code "uniqueKeys"})
     * @param keepLastRow true for the last row per key, false for the first
     */
    record Deduplicate(PlanNode node, List<String> keys, boolean keepLastRow) implements Operator {

        public Deduplicate {
            keys = List.copyOf(keys);
        }

        @Override
        public String describe() {
            return node.label() + "(keep=[" + (keepLastRow ? "LastRow" : "FirstRow") + "], key=" + Operators.list(keys) + ")";
        }
    }

    /**
     * A group aggregation ({@code GroupAggregate}, its global and incremental parts, table
     * aggregates).
     *
     * @param groupBy the {@code GROUP BY} columns; empty for a global aggregation
     */
    record GroupAggregate(PlanNode node, List<String> groupBy) implements Operator {

        public GroupAggregate {
            groupBy = List.copyOf(groupBy);
        }

        @Override
        public String describe() {
            return node.label() + "(groupBy=" + Operators.list(groupBy) + ")";
        }
    }

    /**
     * A regular (unbounded) join ({@code StreamExecJoin}).
     *
     * @param joinType Flink's join type, e.g. {@code INNER}, {@code LEFT}
     * @param leftKeys the equi-join columns of the left input
     * @param rightKeys the equi-join columns of the right input, in the order of {@code leftKeys}
     */
    record Join(PlanNode node, String joinType, List<String> leftKeys, List<String> rightKeys) implements Operator {

        public Join {
            leftKeys = List.copyOf(leftKeys);
            rightKeys = List.copyOf(rightKeys);
        }

        @Override
        public String describe() {
            return node.label() + "(joinType=[" + joinType + "], leftKeys=" + Operators.list(leftKeys) + ", rightKeys="
                    + Operators.list(rightKeys) + ")";
        }
    }

    /**
     * {@code StreamExecChangelogNormalize}: materialises an upsert source per key.
     *
     * @param keys the source's primary key columns ({@code "uniqueKeys"})
     */
    record ChangelogNormalize(PlanNode node, List<String> keys) implements Operator {

        public ChangelogNormalize {
            keys = List.copyOf(keys);
        }

        @Override
        public String describe() {
            return node.label() + "(key=" + Operators.list(keys) + ")";
        }
    }

    /** A Top-N per window ({@code StreamExecWindowRank}): its state is freed when each window closes. */
    record WindowRank(PlanNode node, RankRange range) implements Operator {

        public OptionalLong rankStart() {
            return range.start();
        }

        public OptionalLong rankEnd() {
            return range.end();
        }

        @Override
        public String describe() {
            return node.label() + "(rankRange=[" + range.describe() + "])";
        }
    }

    /**
     * An operator whose state a window or the watermark frees ({@code WindowDeduplicate}, {@code
     * WindowAggregate}, {@code WindowJoin}, interval and temporal joins).
     */
    record Windowed(PlanNode node) implements Operator {}

    /** Any other operator (sources, sinks, calc, exchange, ...). */
    record Other(PlanNode node) implements Operator {}

    /** The typed view of a node by its name, for a node with nothing typed to read. */
    static Operator untyped(PlanNode node) {
        return switch (node.name()) {
            case "WindowDeduplicate", "WindowAggregate", "GlobalWindowAggregate", "LocalWindowAggregate",
                    "GroupWindowAggregate", "WindowJoin", "IntervalJoin", "TemporalJoin" -> new Windowed(node);
            default -> new Other(node);
        };
    }
}
