package io.github.sqlguard.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The typed view of a compiled plan's node, from the fields Flink's {@code StreamExec*} node
 * serialises (the same names in Flink 2.3 and 1.20): {@code StreamExecRank}'s {@code partition},
 * {@code orderBy}, {@code rankRange}, {@code rankStrategy}; {@code StreamExecOverAggregate}'s
 * {@code overSpec}; the aggregates' {@code grouping} ({@code finalAggGrouping} for the incremental
 * one); {@code StreamExecJoin}'s {@code joinSpec}; {@code uniqueKeys} of {@code
 * StreamExecDeduplicate} and {@code StreamExecChangelogNormalize}. Every key is an index into the
 * input's row type and is named by {@link ColumnNames}.
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
        Map<String, JsonNode> spec = compiled.spec;
        return switch (compiled.kind()) {
            case "stream-exec-rank" -> {
                List<OrderKey> order = orderKeys(node, spec.get("orderBy"));
                yield new Operator.Rank(node, strategy(spec.get("rankStrategy")), range(node, spec.get("rankRange")),
                        keys(node, 0, path(spec.get("partition"), "fields")), order, orderedByTime(node, spec.get("orderBy")));
            }
            case "stream-exec-over-aggregate" -> {
                JsonNode over = spec.get("overSpec");
                JsonNode orderBy = path(path(path(over, "groups"), 0), "orderBy");
                yield new Operator.OverAggregate(node, keys(node, 0, path(path(over, "partition"), "fields")),
                        orderKeys(node, orderBy), orderedByTime(node, orderBy));
            }
            case "stream-exec-deduplicate" -> new Operator.Deduplicate(
                    node, keys(node, 0, spec.get("uniqueKeys")), bool(spec.get("keepLastRow")));
            case "stream-exec-group-aggregate", "stream-exec-global-group-aggregate", "stream-exec-group-table-aggregate" ->
                    new Operator.GroupAggregate(node, keys(node, 0, spec.get("grouping")));
            case "stream-exec-incremental-group-aggregate" ->
                    new Operator.GroupAggregate(node, keys(node, 0, spec.get("finalAggGrouping")));
            case "stream-exec-join" -> {
                JsonNode join = spec.get("joinSpec");
                yield new Operator.Join(node, path(join, "joinType").asText(""), keys(node, 0, path(join, "leftKeys")),
                        keys(node, 1, path(join, "rightKeys")));
            }
            case "stream-exec-changelog-normalize" -> new Operator.ChangelogNormalize(
                    node, keys(node, 0, spec.get("uniqueKeys")));
            case "stream-exec-window-rank" -> new Operator.WindowRank(node, range(node, spec.get("rankRange")));
            case "stream-exec-window-deduplicate", "stream-exec-window-aggregate", "stream-exec-global-window-aggregate",
                    "stream-exec-local-window-aggregate", "stream-exec-group-window-aggregate", "stream-exec-window-join",
                    "stream-exec-interval-join", "stream-exec-temporal-join" -> new Operator.Windowed(node);
            default -> new Operator.Other(node);
        };
    }

    /** The columns of input {@code input} at the indexes of {@code fields} ({@code [1, 3]}). */
    private List<String> keys(PlanNode node, int input, JsonNode fields) {
        if (fields == null || !fields.isArray()) {
            return List.of();
        }
        List<String> keys = new ArrayList<>(fields.size());
        for (JsonNode field : fields) {
            keys.add(names.ofInput(node, input, field.asInt(-1)));
        }
        return keys;
    }

    /** {@code {"fields": [{"index": 2, "isAscending": false, "nullIsLast": true}]}} ({@code SortSpec}) by column. */
    private List<OrderKey> orderKeys(PlanNode node, JsonNode sortSpec) {
        JsonNode fields = path(sortSpec, "fields");
        List<OrderKey> keys = new ArrayList<>(fields.size());
        for (JsonNode field : fields) {
            int index = field.path("index").asInt(-1);
            String type = names.inputColumn(node, 0, index).map(Column::type).orElse("");
            keys.add(new OrderKey(names.ofInput(node, 0, index), type, field.path("isAscending").asBoolean(true)));
        }
        return keys;
    }

    /** Whether the first key of {@code sortSpec} is a time attribute of the input; empty without one or a known input type. */
    private Optional<Boolean> orderedByTime(PlanNode node, JsonNode sortSpec) {
        JsonNode first = path(path(sortSpec, "fields"), 0);
        if (first.isMissingNode()) {
            return Optional.empty();
        }
        return names.inputColumn(node, 0, first.path("index").asInt(-1)).map(c -> c.timeAttribute().isTimeAttribute());
    }

    /** {@code {"type": "Constant", "start": 1, "end": 3}} or {@code {"type": "Variable", "endIndex": 2}}. */
    private Operator.RankRange range(PlanNode node, JsonNode range) {
        if (range != null && range.path("type").asText().equals("Variable")) {
            return new Operator.RankRange(OptionalLong.empty(), OptionalLong.empty(),
                    Optional.of(names.ofInput(node, 0, range.path("endIndex").asInt(-1))));
        }
        return new Operator.RankRange(number(path(range, "start")), number(path(range, "end")), Optional.empty());
    }

    /** {@code {"type": "AppendFast"}} as Flink prints the strategy: {@code AppendFastStrategy}. */
    private static String strategy(JsonNode strategy) {
        String type = path(strategy, "type").asText("");
        return type.isEmpty() ? "" : type + "Strategy";
    }

    private static OptionalLong number(JsonNode value) {
        return value.isIntegralNumber() ? OptionalLong.of(value.asLong()) : OptionalLong.empty();
    }

    private static boolean bool(JsonNode value) {
        return value != null && value.asBoolean(false);
    }

    private static JsonNode path(JsonNode node, String field) {
        return node == null ? MissingNode.getInstance() : node.path(field);
    }

    private static JsonNode path(JsonNode node, int index) {
        return node == null ? MissingNode.getInstance() : node.path(index);
    }
}
