package io.github.sqlguard.plan;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The typed view of a compiled plan's node, from the fields Flink's {@code StreamExec*} node
 * serialises (the same names in Flink 2.3 and 1.20): {@code StreamExecRank}'s {@code partition},
 * {@code orderBy}, {@code rankRange}, {@code rankStrategy} (and {@code StreamExecSortLimit}'s, a Rank
 * without partition); {@code StreamExecOverAggregate}'s
 * {@code overSpec}; the aggregates' {@code grouping} ({@code finalAggGrouping} for the incremental
 * one); {@code StreamExecJoin}'s {@code joinSpec}; {@code uniqueKeys} of {@code
 * StreamExecDeduplicate} and {@code StreamExecChangelogNormalize}; {@code StreamExecSink}'s upsert
 * materializer. Every key is an index into the input's row type and is named by {@link
 * ColumnNames}.
 *
 * <p>For one plan, used while it is read.
 */
final class CompiledOperators {

    private final Map<Integer, CompiledNode> raw;
    private final ColumnNames names;

    CompiledOperators(Map<Integer, CompiledNode> raw, ColumnNames names) {
        this.raw = raw;
        this.names = names;
    }

    /** The typed view of {@code node}. */
    Operator of(PlanNode node) {
        CompiledNode compiled = raw.get(node.id());
        return switch (compiled.kind) {
            case "stream-exec-rank" -> new Operator.Rank(node, strategy(compiled.rankStrategy), range(node, compiled),
                    keys(node, 0, compiled.partition), orderKeys(node, compiled.orderBy), orderTime(node, compiled.orderBy),
                    fixedKeys(node, compiled.partition));
            // ORDER BY ... LIMIT: StreamExecSortLimit extends StreamExecRank with PartitionSpec.ALL_IN_ONE (no "partition").
            case "stream-exec-sort-limit" -> new Operator.Rank(node, strategy(compiled.rankStrategy), range(node, compiled),
                    List.of(), orderKeys(node, compiled.orderBy), orderTime(node, compiled.orderBy));
            case "stream-exec-over-aggregate" -> new Operator.OverAggregate(node, keys(node, 0, compiled.partition),
                    orderKeys(node, compiled.orderBy), orderedByTime(node, compiled.orderBy), OverFrame.of(node));
            case "stream-exec-deduplicate" -> new Operator.Deduplicate(
                    node, keys(node, 0, compiled.uniqueKeys), compiled.keepLastRow, compiled.isRowtime);
            case "stream-exec-group-aggregate", "stream-exec-global-group-aggregate" ->
                    new Operator.GroupAggregate(node, keys(node, 0, compiled.grouping), names.aggregateCalls(node, compiled));
            case "stream-exec-group-table-aggregate" ->
                    new Operator.GroupAggregate(node, keys(node, 0, compiled.grouping), Optional.empty());
            case "stream-exec-incremental-group-aggregate" ->
                    new Operator.GroupAggregate(node, keys(node, 0, compiled.finalAggGrouping), names.aggregateCalls(node, compiled));
            case "stream-exec-join" -> new Operator.Join(node, compiled.joinType, keys(node, 0, compiled.leftKeys),
                    keys(node, 1, compiled.rightKeys), names.bounds(node, compiled),
                    Optional.of(joinInput(node, 0, compiled.leftKeys, compiled.leftUpsertKeys)),
                    Optional.of(joinInput(node, 1, compiled.rightKeys, compiled.rightUpsertKeys)));
            case "stream-exec-sink" -> new Operator.Sink(node, compiled.requireUpsertMaterialize, compiled.primaryKey,
                    sinkKeys(node, compiled.inputUpsertKey, compiled.sinkColumns), nonEmpty(compiled.conflictBehavior),
                    nonEmpty(compiled.upsertMaterializeStrategy));
            case "stream-exec-changelog-normalize" -> new Operator.ChangelogNormalize(
                    node, keys(node, 0, compiled.uniqueKeys));
            case "stream-exec-window-rank" -> new Operator.WindowRank(node, range(node, compiled),
                    keys(node, 0, compiled.partition), orderKeys(node, compiled.orderBy), orderTime(node, compiled.orderBy));
            case "stream-exec-window-deduplicate", "stream-exec-window-aggregate", "stream-exec-global-window-aggregate",
                    "stream-exec-local-window-aggregate", "stream-exec-group-window-aggregate", "stream-exec-window-join",
                    "stream-exec-interval-join", "stream-exec-temporal-join" -> new Operator.Windowed(node);
            default -> new Operator.Other(node);
        };
    }

    /** The keys of input 0 at {@code fields} whose one value the plan fixes, each with that value ({@link ColumnNames#constantOfInput}). */
    private Map<String, String> fixedKeys(PlanNode node, int[] fields) {
        Map<String, String> fixed = new java.util.LinkedHashMap<>();
        for (int field : fields) {
            names.constantOfInput(node, 0, field).ifPresent(value -> fixed.put(names.ofInput(node, 0, field), value));
        }
        return fixed;
    }

    /** The columns of input {@code input} at {@code fields}. */
    private List<String> keys(PlanNode node, int input, int[] fields) {
        if (fields.length == 0) {
            return List.of();
        }
        String[] keys = new String[fields.length];
        for (int i = 0; i < fields.length; i++) {
            keys[i] = names.ofInput(node, input, fields[i]);
        }
        return List.of(keys);
    }

    /**
     * A sink's key fields named as the sink table names its columns, where the input's name is one Flink made up: the
     * row number an INSERT writes into the sink's {@code num} is {@code w0$o0} in the input and in the sink's
     * description (a Flink 1.20 plan named case 501's upsert key "(category_id, w0$o0)"). The input's name otherwise,
     * and where the sink's columns are not in the plan or do not line up with its input's.
     */
    private List<String> sinkKeys(PlanNode node, int[] fields, List<String> sinkColumns) {
        List<String> keys = keys(node, 0, fields);
        String[] named = keys.toArray(new String[0]);
        for (int i = 0; i < fields.length; i++) {
            boolean made = named[i].equals(ColumnNames.UNNAMED) || Column.isPlannerMade(named[i]);
            if (made && fields[i] >= 0 && fields[i] < sinkColumns.size()) {
                named[i] = sinkColumns.get(fields[i]);
            }
        }
        return List.of(named);
    }

    /**
     * What the join keeps of input {@code input}: Flink's {@code JoinUtil#analyzeJoinInput} on its
     * join keys and upsert keys ({@code "leftUpsertKeys"}, written only where there are any: {@code
     * JsonInclude.Include.NON_DEFAULT}). No upsert key: every row; one within the join keys: one row
     * per join key (the smallest such key); else one row per the smallest upsert key.
     */
    private Operator.JoinInput joinInput(PlanNode node, int input, int[] joinKeys, int[][] upsertKeys) {
        if (upsertKeys == null || upsertKeys.length == 0) {
            return new Operator.JoinInput(Operator.JoinInput.Kind.NO_UNIQUE_KEY, List.of());
        }
        int[] contained = null;
        int[] smallest = null;
        for (int[] key : upsertKeys) {
            if (smallest == null || key.length < smallest.length) {
                smallest = key;
            }
            if (containsAll(joinKeys, key) && (contained == null || key.length < contained.length)) {
                contained = key;
            }
        }
        return contained != null
                ? new Operator.JoinInput(Operator.JoinInput.Kind.JOIN_KEY_CONTAINS_UNIQUE_KEY, keys(node, input, contained))
                : new Operator.JoinInput(Operator.JoinInput.Kind.HAS_UNIQUE_KEY, keys(node, input, smallest));
    }

    private static boolean containsAll(int[] keys, int[] fields) {
        for (int field : fields) {
            boolean found = false;
            for (int key : keys) {
                found |= key == field;
            }
            if (!found) {
                return false;
            }
        }
        return true;
    }

    /** The keys of a {@code SortSpec} by column. */
    private List<OrderKey> orderKeys(PlanNode node, List<CompiledNode.SortField> fields) {
        if (fields.isEmpty()) {
            return List.of();
        }
        OrderKey[] keys = new OrderKey[fields.size()];
        for (int i = 0; i < keys.length; i++) {
            CompiledNode.SortField field = fields.get(i);
            String type = names.inputColumn(node, 0, field.index()).map(Column::type).orElse("");
            keys[i] = new OrderKey(names.ofInput(node, 0, field.index()), type, field.ascending());
        }
        return List.of(keys);
    }

    /** Whether the first order key is a time attribute of the input; empty without one or a known input type. */
    private Optional<Boolean> orderedByTime(PlanNode node, List<CompiledNode.SortField> fields) {
        return orderTime(node, fields).map(Column.TimeAttribute::isTimeAttribute);
    }

    /** The time attribute kind of the first order key of the input; empty without one or a known input type. */
    private Optional<Column.TimeAttribute> orderTime(PlanNode node, List<CompiledNode.SortField> fields) {
        if (fields.isEmpty()) {
            return Optional.empty();
        }
        return names.inputColumn(node, 0, fields.get(0).index()).map(Column::timeAttribute);
    }

    /** The ranks kept: constant bounds, or ({@code Variable}) the column holding the last rank kept. */
    private Operator.RankRange range(PlanNode node, CompiledNode compiled) {
        if (compiled.rankRangeType.equals("Variable")) {
            return new Operator.RankRange(OptionalLong.empty(), OptionalLong.empty(),
                    Optional.of(names.ofInput(node, 0, compiled.rankEndIndex)));
        }
        return new Operator.RankRange(bound(compiled.rankStart), bound(compiled.rankEnd), Optional.empty());
    }

    private static Optional<String> nonEmpty(String value) {
        return value.isEmpty() ? Optional.empty() : Optional.of(value);
    }

    private static OptionalLong bound(long rank) {
        return rank < 0 ? OptionalLong.empty() : OptionalLong.of(rank);
    }

    /** {@code AppendFast} as Flink prints the strategy: {@code AppendFastStrategy}. */
    private static String strategy(String type) {
        return type.isEmpty() ? "" : type + "Strategy";
    }
}
