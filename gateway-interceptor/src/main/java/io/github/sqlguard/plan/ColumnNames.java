package io.github.sqlguard.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.github.sqlguard.statement.WithItems;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Names the columns of a compiled plan's nodes as the statement names them.
 *
 * <p>A key in the compiled plan is an index into the input's row type ({@code "partition":
 * {"fields": [3]}}). Most columns keep the statement's name through the plan; a column the planner
 * computed gets a made-up name ({@code $3} for {@code info.city}, {@code EXPR$1} for {@code
 * SUM(amount)}: {@link Column#isPlannerMade}). Such a column is named by what computes it, followed
 * back through the plan: a Calc's {@code "projection"} expression ({@code FIELD_ACCESS} {@code
 * city} of {@code INPUT_REF} 3 is {@code info.city}), an aggregate's grouping key or call, a join's
 * side, or the same column of the input of a node that passes its input's columns on (exchange,
 * watermark assigner, rank, ...). What cannot be named that way is called {@value #UNNAMED}.
 *
 * <p>For one plan, used while it is read; names are remembered once found.
 */
final class ColumnNames {

    /** What a computed column is called when the plan does not show what computes it. */
    static final String UNNAMED = "a computed column";

    /** How a legacy group window's property is named: {@code the group window's start}. */
    static final String GROUP_WINDOW = "the group window's ";

    /** Followed back at most this many nodes: a plan's depth, with room. */
    private static final int MAX_DEPTH = 256;

    private final Map<Integer, CompiledNode> raw;
    private final Map<Integer, PlanNode> nodes;
    private final ObjectMapper mapper;
    private final String text;
    /** The statement's SQL text, where known: a field access is named as the statement reads it ({@link #fieldName}). */
    private final Optional<String> statement;
    /** The expanded queries of the views the statement reads: a view's alias for a field ({@link #fieldName}). */
    private final List<String> viewQueries;
    private final Map<Long, String> named = new HashMap<>();
    /** The statement's {@code WITH} items, once read ({@link #withItems()}). */
    private List<WithItems.WithItem> withItems;
    /** Fields read when first needed, by where they start in the text. */
    private final Map<Integer, JsonNode> deferred = new HashMap<>();

    ColumnNames(Map<Integer, CompiledNode> raw, Map<Integer, PlanNode> nodes, ObjectMapper mapper, String text,
            Optional<String> statement, List<String> viewQueries) {
        this.raw = raw;
        this.nodes = nodes;
        this.mapper = mapper;
        this.text = text;
        this.statement = statement;
        this.viewQueries = List.copyOf(viewQueries);
    }

    /** The column {@code index} of input {@code input} of {@code node}, if the plan has it. */
    Optional<Column> inputColumn(PlanNode node, int input, int index) {
        PlanNode in = input < node.inputs().size() ? nodes.get(node.inputs().get(input)) : null;
        return in == null ? Optional.empty() : in.outputType().column(index);
    }

    /** The name of column {@code index} of input {@code input} of {@code node}. */
    String ofInput(PlanNode node, int input, int index) {
        if (input >= node.inputs().size()) {
            return UNNAMED;
        }
        String name = of(node.inputs().get(input), index, 0);
        return name == null ? UNNAMED : name;
    }

    /**
     * The one value column {@code index} of input {@code input} of {@code node} takes, as SQL ({@code
     * 'EU'}), where the plan fixes it: a Calc projects it as a literal (or a {@code CAST} of one), or
     * as a column its own condition equates with a literal ({@code WHERE region = 'EU'}, which
     * Flink's planner reduces to {@code CAST('EU' AS VARCHAR(2147483647))} in the projection), or it
     * is such a column passed on unchanged (exchange, watermark assigner, ..., an aggregate's grouping
     * key, a join's side). Empty when the plan does not fix it.
     */
    Optional<String> constantOfInput(PlanNode node, int input, int index) {
        if (input >= node.inputs().size()) {
            return Optional.empty();
        }
        return Optional.ofNullable(constant(node.inputs().get(input), index, 0));
    }

    /**
     * Where column {@code index} of {@code node}'s output is made ({@link ColumnSource}): followed back through a {@code
     * Calc} whose {@code "projection"} holds it as an {@code INPUT_REF} (or a {@code CAST} of one to a timestamp, as
     * Flink materializes a time attribute), and through the nodes that pass their input's row on as it is (exchange,
     * watermark and mini-batch assigners, {@code DropUpdateBefore}); the first other node is where it is made.
     */
    Optional<ColumnSource> source(PlanNode node, int index) {
        PlanNode at = node;
        int column = index;
        for (int depth = 0; depth < MAX_DEPTH; depth++) {
            CompiledNode compiled = raw.get(at.id());
            if (compiled == null || column < 0) {
                return Optional.empty();
            }
            int passed = switch (compiled.kind) {
                case "stream-exec-calc" -> projectedInput(compiled, column);
                case "stream-exec-exchange", "stream-exec-watermark-assigner", "stream-exec-mini-batch-assigner",
                        "stream-exec-drop-update-before" -> column;
                default -> -1;
            };
            PlanNode input = at.inputs().size() == 1 ? nodes.get(at.inputs().get(0)) : null;
            if (passed < 0 || input == null) {
                PlanNode made = at;
                return at.outputType().column(column).map(c -> new ColumnSource(made, c.name()));
            }
            at = input;
            column = passed;
        }
        return Optional.empty();
    }

    /**
     * The input column a Calc projects as column {@code index} unchanged: an {@code INPUT_REF}, or a {@code CAST} of
     * one to a {@code TIMESTAMP} or {@code TIMESTAMP_LTZ}, which keeps its value; -1 for anything else.
     */
    private int projectedInput(CompiledNode calc, int index) {
        JsonNode projection = deferred(calc, calc.projectionAt);
        if (!projection.has(index)) {
            return -1;
        }
        JsonNode projected = projection.get(index);
        while (projected.path("kind").asText().equals("CALL") && projected.path("operands").size() == 1
                && (functionName(projected).equals("CAST") || functionName(projected).equals("REINTERPRET"))
                && timestamp(projected.path("type"))) {
            projected = projected.path("operands").get(0);
        }
        return projected.path("kind").asText().equals("INPUT_REF") ? projected.path("inputIndex").asInt(-1) : -1;
    }

    /** True for a {@code TIMESTAMP} or {@code TIMESTAMP_LTZ} type, written as a string or, with its time attribute, an object. */
    private static boolean timestamp(JsonNode type) {
        String name = type.isObject() ? type.path("type").asText("") : type.asText("");
        return name.startsWith("TIMESTAMP");
    }

    /** The value column {@code index} of node {@code id} is fixed to, as SQL; null when it is not fixed. */
    private String constant(int id, int index, int depth) {
        PlanNode node = nodes.get(id);
        CompiledNode compiled = raw.get(id);
        if (node == null || compiled == null || depth >= MAX_DEPTH || index < 0) {
            return null;
        }
        List<Integer> inputs = node.inputs();
        switch (compiled.kind) {
            case "stream-exec-calc": {
                JsonNode projection = deferred(compiled, compiled.projectionAt);
                if (inputs.isEmpty() || !projection.has(index)) {
                    return null;
                }
                JsonNode projected = withoutCast(projection.get(index));
                if (projected.path("kind").asText().equals("LITERAL")) {
                    return expression(projected, inputs.get(0), depth);
                }
                if (!projected.path("kind").asText().equals("INPUT_REF")) {
                    return null;
                }
                int column = projected.path("inputIndex").asInt(-1);
                String equated = equatedLiteral(column, deferred(compiled, compiled.conditionAt), inputs.get(0), depth);
                return equated != null ? equated : constant(inputs.get(0), column, depth + 1);
            }
            case "stream-exec-group-aggregate", "stream-exec-local-group-aggregate", "stream-exec-global-group-aggregate": {
                int[] grouping = compiled.grouping;
                if (inputs.isEmpty() || index >= grouping.length) {
                    return null;
                }
                // A global aggregate's grouping keys are its input's first columns (the local aggregate's output).
                return constant(inputs.get(0), compiled.kind.equals("stream-exec-global-group-aggregate") ? index
                        : grouping[index], depth + 1);
            }
            case "stream-exec-join": {
                if (inputs.size() < 2) {
                    return null;
                }
                PlanNode left = nodes.get(inputs.get(0));
                int leftColumns = left == null ? 0 : left.outputType().columns().size();
                return index < leftColumns ? constant(inputs.get(0), index, depth + 1)
                        : constant(inputs.get(1), index - leftColumns, depth + 1);
            }
            case "stream-exec-exchange", "stream-exec-watermark-assigner", "stream-exec-mini-batch-assigner",
                    "stream-exec-drop-update-before", "stream-exec-changelog-normalize", "stream-exec-rank",
                    "stream-exec-deduplicate", "stream-exec-sort", "stream-exec-limit", "stream-exec-sort-limit",
                    "stream-exec-temporal-sort", "stream-exec-window-rank", "stream-exec-window-deduplicate",
                    "stream-exec-over-aggregate": {
                return inputs.isEmpty() ? null : constant(inputs.get(0), index, depth + 1);
            }
            default:
                return null;
        }
    }

    /** The literal, as SQL, that a conjunct {@code $column = literal} of {@code condition} equates input column {@code column} with; null when none does. */
    private String equatedLiteral(int column, JsonNode condition, int input, int depth) {
        if (condition.isMissingNode() || column < 0) {
            return null;
        }
        List<JsonNode> conjuncts = new ArrayList<>();
        conjuncts(condition, conjuncts, 0);
        for (JsonNode conjunct : conjuncts) {
            JsonNode operands = conjunct.path("operands");
            if (!functionName(conjunct).equals("=") || operands.size() != 2) {
                continue;
            }
            for (int side = 0; side < 2; side++) {
                JsonNode ref = withoutCast(operands.get(side));
                JsonNode value = withoutCast(operands.get(1 - side));
                if (ref.path("kind").asText().equals("INPUT_REF") && ref.path("inputIndex").asInt(-1) == column
                        && value.path("kind").asText().equals("LITERAL")) {
                    return expression(value, input, depth);
                }
            }
        }
        return null;
    }

    /** The name of column {@code index} of node {@code id}; null when it cannot be named. */
    private String of(int id, int index, int depth) {
        long key = ((long) id << 32) | (index & 0xffffffffL);
        String known = named.get(key);
        if (known != null) {
            return known;
        }
        PlanNode node = nodes.get(id);
        if (node == null) {
            return null;
        }
        Optional<Column> column = node.outputType().column(index);
        String name;
        if (column.isPresent() && !Column.isPlannerMade(column.get().name())) {
            name = column.get().name();
        } else if (column.isPresent() && Column.isGroupWindowProperty(column.get().name())) {
            name = GROUP_WINDOW + column.get().name().substring(2);
        } else if (depth >= MAX_DEPTH) {
            name = null;
        } else {
            name = computed(node, index, depth + 1);
        }
        if (name != null) {
            named.put(key, name);
        }
        return name;
    }

    /** Column {@code index} of {@code node}, a computed one, named by what computes it. */
    private String computed(PlanNode node, int index, int depth) {
        CompiledNode compiled = raw.get(node.id());
        String kind = compiled == null ? "" : compiled.kind;
        List<Integer> inputs = node.inputs();
        switch (kind) {
            case "stream-exec-calc": {
                JsonNode projection = deferred(compiled, compiled.projectionAt);
                if (inputs.isEmpty() || !projection.has(index)) {
                    return null;
                }
                String fixed = fixedByCondition(projection.get(index), deferred(compiled, compiled.conditionAt),
                        inputs.get(0), depth);
                return fixed != null ? fixed : expression(projection.get(index), inputs.get(0), depth);
            }
            case "stream-exec-group-aggregate", "stream-exec-local-group-aggregate", "stream-exec-global-group-aggregate": {
                int[] grouping = compiled.grouping;
                if (inputs.isEmpty()) {
                    return null;
                }
                if (index < grouping.length) {
                    return of(inputs.get(0), grouping[index], depth);
                }
                JsonNode call = deferred(compiled, compiled.aggCallsAt).path(index - grouping.length);
                // A global aggregate's calls read the columns of its local part's input.
                Integer argumentsOf = kind.equals("stream-exec-global-group-aggregate")
                        ? firstInput(inputs.get(0)) : inputs.get(0);
                return call.isMissingNode() || argumentsOf == null ? null : aggregateCall(call, argumentsOf, depth);
            }
            case "stream-exec-join": {
                if (inputs.size() < 2) {
                    return null;
                }
                PlanNode left = nodes.get(inputs.get(0));
                int leftColumns = left == null ? 0 : left.outputType().columns().size();
                return index < leftColumns ? of(inputs.get(0), index, depth) : of(inputs.get(1), index - leftColumns, depth);
            }
            case "stream-exec-exchange", "stream-exec-watermark-assigner", "stream-exec-mini-batch-assigner",
                    "stream-exec-drop-update-before", "stream-exec-changelog-normalize", "stream-exec-rank",
                    "stream-exec-deduplicate", "stream-exec-union", "stream-exec-sort", "stream-exec-limit",
                    "stream-exec-sort-limit", "stream-exec-temporal-sort", "stream-exec-window-rank",
                    "stream-exec-window-deduplicate", "stream-exec-over-aggregate", "stream-exec-sink",
                    "stream-exec-expand": {
                // Each emits its input's columns first, in order (a Rank or an OVER appends its results, an Expand
                // the number of its copy, $e).
                return inputs.isEmpty() ? null : of(inputs.get(0), index, depth);
            }
            default:
                return null;
        }
    }

    /**
     * The aggregate calls of an aggregate node ({@code "aggCalls"}, with {@code
     * "aggCallNeedRetractions"}; an {@code IncrementalGroupAggregate}'s {@code "partialOriginalAggCalls"}), each as SQL with its arguments by column name; empty when the
     * node has no {@code "aggCalls"}.
     */
    Optional<List<Operator.AggregateCall>> aggregateCalls(PlanNode node, CompiledNode compiled) {
        JsonNode calls = deferred(compiled, compiled.aggCallsAt);
        if (!calls.isArray() || node.inputs().isEmpty()) {
            return Optional.empty();
        }
        // A global aggregate's calls read the columns of its local part's input ("localAggInputRowType": Flink 2.3.0
        // StreamExecGlobalGroupAggregate and StreamExecGlobalWindowAggregate build both handlers over it); an
        // incremental one's (its partial aggregation's calls, "partialOriginalAggCalls") read
        // "partialLocalAggInputType": in each, the input of the local aggregate below the Exchange. Named by the
        // local aggregate's own output instead, the calls read as COUNT(DISTINCT COUNT(DISTINCT user_id)).
        Integer argumentsOf = compiled.kind.equals("stream-exec-global-group-aggregate")
                || compiled.kind.equals("stream-exec-global-window-aggregate")
                || compiled.kind.equals("stream-exec-incremental-group-aggregate")
                ? localAggregateInput(node.inputs().get(0)) : node.inputs().get(0);
        Optional<Set<Integer>> keys = argumentsOf == null ? Optional.empty() : groupingOfArguments(node, compiled);
        List<Operator.AggregateCall> out = new ArrayList<>(calls.size());
        for (int i = 0; i < calls.size(); i++) {
            JsonNode call = calls.get(i);
            String function = functionName(call);
            String sql = argumentsOf == null ? null : aggregateCall(call, argumentsOf, 0);
            Optional<Boolean> retracts = compiled.aggCallNeedRetractions != null && i < compiled.aggCallNeedRetractions.length
                    ? Optional.of(compiled.aggCallNeedRetractions[i]) : Optional.empty();
            Optional<List<Operator.Argument>> arguments = keys.map(k -> arguments(call, argumentsOf, k));
            out.add(new Operator.AggregateCall(sql == null ? function + "(...)" : sql, function,
                    call.path("distinct").asBoolean(false), retracts, arguments));
        }
        return Optional.of(out);
    }

    /** The columns of {@code call}'s {@code "argList"} in node {@code input}'s row, each with whether {@code keys} holds it. */
    private List<Operator.Argument> arguments(JsonNode call, int input, Set<Integer> keys) {
        List<Operator.Argument> out = new ArrayList<>();
        for (JsonNode arg : call.path("argList")) {
            int index = arg.asInt(-1);
            String name = of(input, index, 0);
            out.add(new Operator.Argument(name == null ? UNNAMED : name, index >= 0 && keys.contains(index),
                    Optional.ofNullable(constant(input, index, 0))));
        }
        return out;
    }

    /**
     * An aggregate's grouping keys as indexes into the row its calls' {@code "argList"} index: a group aggregate's
     * {@code "grouping"} (both index its input); a global aggregate's keys, which index its local aggregate's output
     * (keys first), mapped through the local aggregate's {@code "grouping"} into that one's input, which the global
     * one's calls read ({@code "localAggInputRowType"}); an incremental aggregate's {@code "partialAggGrouping"}, mapped
     * so too (its calls read {@code "partialLocalAggInputType"}: Flink 2.3.0 {@code StreamExecIncrementalGroupAggregate}).
     * Empty where the local aggregate is not found.
     */
    private Optional<Set<Integer>> groupingOfArguments(PlanNode node, CompiledNode compiled) {
        switch (compiled.kind) {
            case "stream-exec-group-aggregate":
                return Optional.of(indexes(compiled.grouping));
            case "stream-exec-global-group-aggregate", "stream-exec-incremental-group-aggregate": {
                Integer local = localAggregate(node.inputs().get(0));
                CompiledNode localNode = local == null ? null : raw.get(local);
                if (localNode == null) {
                    return Optional.empty();
                }
                int[] outputKeys = compiled.kind.equals("stream-exec-global-group-aggregate")
                        ? compiled.grouping : compiled.partialAggGrouping;
                Set<Integer> keys = new HashSet<>();
                for (int key : outputKeys) {
                    if (key >= 0 && key < localNode.grouping.length) {
                        keys.add(localNode.grouping[key]);
                    }
                }
                return Optional.of(keys);
            }
            default:
                return Optional.empty();
        }
    }

    private static Set<Integer> indexes(int[] fields) {
        Set<Integer> out = new HashSet<>();
        for (int field : fields) {
            out.add(field);
        }
        return out;
    }

    /**
     * The comparisons of a left column with a right column in a join's {@code "nonEquiCondition"}
     * (a {@code RexNode}: {@code AND} of calls {@code >=}, {@code >}, {@code <=}, {@code <} whose
     * operands are an input reference, or one shifted by {@code +}/{@code -} a literal); input
     * references index the left input's columns, then the right's.
     */
    List<Operator.Bound> bounds(PlanNode node, CompiledNode compiled) {
        JsonNode condition = deferred(compiled, compiled.nonEquiConditionAt);
        if (condition.isMissingNode() || node.inputs().size() < 2) {
            return List.of();
        }
        PlanNode left = nodes.get(node.inputs().get(0));
        int leftColumns = left == null ? 0 : left.outputType().columns().size();
        List<Operator.Bound> bounds = new ArrayList<>();
        collectBounds(node, condition, leftColumns, bounds, 0);
        return bounds;
    }

    private void collectBounds(PlanNode node, JsonNode rex, int leftColumns, List<Operator.Bound> out, int depth) {
        if (depth > MAX_DEPTH || !rex.path("kind").asText().equals("CALL")) {
            return;
        }
        String function = functionName(rex);
        JsonNode operands = rex.path("operands");
        if (function.equals("AND")) {
            operands.forEach(operand -> collectBounds(node, operand, leftColumns, out, depth + 1));
            return;
        }
        if (!Set.of(">=", ">", "<=", "<").contains(function) || operands.size() != 2) {
            return;
        }
        int a = shiftedInput(operands.get(0));
        int b = shiftedInput(operands.get(1));
        if (a < 0 || b < 0 || (a < leftColumns) == (b < leftColumns)) {
            return;
        }
        int l = Math.min(a, b);
        int r = Math.max(a, b) - leftColumns;
        Optional<Column> leftColumn = inputColumn(node, 0, l);
        Optional<Column> rightColumn = inputColumn(node, 1, r);
        if (leftColumn.isPresent() && rightColumn.isPresent()) {
            // The first operand is bounded from below by > and >=: the left column is, where it is the first operand.
            boolean leftLower = (a < leftColumns) == (function.equals(">") || function.equals(">="));
            out.add(new Operator.Bound(
                    new Column(ofInput(node, 0, l), leftColumn.get().type(), leftColumn.get().timeAttribute()),
                    new Column(ofInput(node, 1, r), rightColumn.get().type(), rightColumn.get().timeAttribute()),
                    leftLower));
        }
    }

    /** The input index of {@code $i}, {@code $i + literal} or {@code $i - literal}; -1 for anything else. */
    private static int shiftedInput(JsonNode rex) {
        if (rex.path("kind").asText().equals("INPUT_REF")) {
            return rex.path("inputIndex").asInt(-1);
        }
        if (rex.path("kind").asText().equals("CALL") && Set.of("+", "-").contains(functionName(rex))
                && rex.path("operands").size() == 2 && rex.path("operands").get(1).path("kind").asText().equals("LITERAL")) {
            return shiftedInput(rex.path("operands").get(0));
        }
        return -1;
    }

    /** The input of the local aggregate (group or window) at {@code id} or below its exchanges; null when there is none. */
    private Integer localAggregateInput(int id) {
        Integer local = localAggregate(id);
        return local == null ? null : firstInput(local);
    }

    /** The local aggregate at {@code id} or below it through exchanges; null where there is none. */
    private Integer localAggregate(int id) {
        Integer at = id;
        for (int depth = 0; at != null && depth < MAX_DEPTH; depth++) {
            CompiledNode compiled = raw.get(at);
            String kind = compiled == null ? "" : compiled.kind;
            if (kind.equals("stream-exec-local-group-aggregate") || kind.equals("stream-exec-local-window-aggregate")) {
                return at;
            }
            if (!kind.equals("stream-exec-exchange")) {
                return null;
            }
            at = firstInput(at);
        }
        return null;
    }

    private Integer firstInput(int id) {
        PlanNode node = nodes.get(id);
        return node == null || node.inputs().isEmpty() ? null : node.inputs().get(0);
    }

    /**
     * A Calc's projection expression as SQL ({@code RexNode} JSON of Flink's {@code
     * RexNodeJsonSerializer}): {@code INPUT_REF} as the input's column, {@code FIELD_ACCESS} as
     * {@code row.field}, a literal as its value, a call as {@code NAME(args)} or an infix operator;
     * null for anything else.
     */
    private String expression(JsonNode rex, int input, int depth) {
        switch (rex.path("kind").asText()) {
            case "INPUT_REF":
                return of(input, rex.path("inputIndex").asInt(-1), depth);
            case "FIELD_ACCESS": {
                String row = expression(rex.path("expr"), input, depth);
                return row == null ? null : fieldName(row, rex.path("name").asText());
            }
            case "LITERAL": {
                JsonNode value = rex.path("value");
                if (value.isNull() || value.isMissingNode()) {
                    return "NULL";
                }
                return rex.path("type").asText().startsWith("CHAR") || rex.path("type").asText().startsWith("VARCHAR")
                        ? "'" + value.asText().replace("'", "''") + "'" : value.asText();
            }
            case "CALL": {
                String function = functionName(rex);
                JsonNode operands = rex.path("operands");
                String[] args = new String[operands.size()];
                for (int i = 0; i < args.length; i++) {
                    args[i] = expression(operands.get(i), input, depth);
                    if (args[i] == null) {
                        return null;
                    }
                }
                if (function.equals("CAST") && args.length == 1) {
                    return "CAST(" + args[0] + " AS " + rex.path("type").asText() + ")";
                }
                if (args.length == 2 && !function.isEmpty() && !Character.isLetter(function.charAt(0))) {
                    return "(" + args[0] + " " + function + " " + args[1] + ")";
                }
                return function + "(" + String.join(", ", args) + ")";
            }
            default:
                return null;
        }
    }

    /**
     * A field access {@code row.field} named as the statement reads it. Flink's planner merges a view's projection
     * into the statement's plan and names the view's column {@code $1} (a {@code FIELD_ACCESS} of the table's ROW
     * column), where the statement reads it by the view's name for it: a view {@code SELECT bid.auction FROM events}
     * has the column {@code auction} (Calcite's {@code SqlValidatorUtil#alias}: an identifier's last part), and
     * {@code bid.auction} does not resolve over the view (nor over a window table function of it). So where the
     * statement's text is known, does not write {@code row.field} and names {@code field}, the column is {@code
     * field}; {@code row.field} where it writes that (a query over the table itself) or where the text is not known;
     * the name a view the statement reads gives it ({@code bid.auction AS auction_id} in the view's expanded query)
     * where the statement writes that name; the name a {@code WITH} item of the statement gives it ({@code WITH b AS
     * (SELECT bid.auction AS a ...)}: {@code a}; {@code auction} where the item selects it as it is) where what reads
     * that item writes that name and not {@code row.field} ({@link WithItems}); null (not named) where it writes none
     * of these.
     */
    private String fieldName(String row, String field) {
        String accessed = row + "." + field;
        if (statement.isEmpty() || !ROW_PATH.matcher(accessed).matches()) {
            return accessed;
        }
        String path = accessed.replace(".", "`?\\s*\\.\\s*`?");
        // A view that renames the field (bid.auction AS auction_id): the statement reads the view's name for it.
        Pattern renamed = Pattern.compile("(?i)(?<![\\w$])`?" + path + "`?\\s+AS\\s+`?(\\w+)`?");
        // A WITH query of the statement that selects the field, renamed (WITH b AS (SELECT bid.auction AS a ...)) or as
        // it is (its column is then field): what reads that query, and does not write row.field itself, names it so.
        for (WithItems.WithItem item : withItems()) {
            if (!written(item.query(), path) || written(item.readBy(), path)) {
                continue;
            }
            java.util.regex.Matcher alias = renamed.matcher(item.query());
            while (alias.find()) {
                if (written(item.readBy(), Pattern.quote(alias.group(1)))) {
                    return alias.group(1);
                }
            }
            if (written(item.readBy(), Pattern.quote(field))) {
                return field;
            }
        }
        if (written(statement.get(), path)) {
            return accessed;
        }
        for (String query : viewQueries) {
            java.util.regex.Matcher alias = renamed.matcher(query);
            while (alias.find()) {
                if (written(statement.get(), Pattern.quote(alias.group(1)))) {
                    return alias.group(1);
                }
            }
        }
        return written(statement.get(), Pattern.quote(field)) ? field : null;
    }

    /** The statement's {@code WITH} items ({@link WithItems}), read once when a field access is first named. */
    private List<WithItems.WithItem> withItems() {
        if (withItems == null) {
            withItems = statement.map(WithItems::of).orElse(List.of());
        }
        return withItems;
    }

    /** A dotted path of plain identifiers: {@code bid.auction}, {@code info.address.city}. */
    private static final Pattern ROW_PATH = Pattern.compile("[A-Za-z_]\\w*(?:\\.[A-Za-z_]\\w*)+");

    /** True where {@code text} writes {@code regex} as a whole name (backquoted or not), case aside. */
    private static boolean written(String text, String regex) {
        return Pattern.compile("(?i)(?<![\\w$])`?" + regex + "`?(?![\\w$])").matcher(text).find();
    }

    /**
     * The column a Calc's {@code condition} fixes to the constant {@code projected} is ({@code WHERE
     * region = 'EU'} over a {@code PARTITION BY region}: Flink's planner reduces the key to the
     * literal, {@code CAST('EU' AS VARCHAR(2147483647))}), named as the statement names it; null when
     * {@code projected} is not a literal (or a CAST of one) that a conjunct {@code column = literal} of
     * the condition gives.
     */
    private String fixedByCondition(JsonNode projected, JsonNode condition, int input, int depth) {
        JsonNode literal = withoutCast(projected);
        if (condition.isMissingNode() || !literal.path("kind").asText().equals("LITERAL")) {
            return null;
        }
        List<JsonNode> conjuncts = new ArrayList<>();
        conjuncts(condition, conjuncts, 0);
        for (JsonNode conjunct : conjuncts) {
            JsonNode operands = conjunct.path("operands");
            if (!functionName(conjunct).equals("=") || operands.size() != 2) {
                continue;
            }
            for (int side = 0; side < 2; side++) {
                JsonNode column = withoutCast(operands.get(side));
                JsonNode value = withoutCast(operands.get(1 - side));
                if (column.path("kind").asText().equals("INPUT_REF") && value.path("kind").asText().equals("LITERAL")
                        && value.path("value").equals(literal.path("value"))) {
                    return of(input, column.path("inputIndex").asInt(-1), depth);
                }
            }
        }
        return null;
    }

    private static JsonNode withoutCast(JsonNode rex) {
        JsonNode out = rex;
        while (out.path("kind").asText().equals("CALL") && functionName(out).equals("CAST")
                && out.path("operands").size() == 1) {
            out = out.path("operands").get(0);
        }
        return out;
    }

    private static void conjuncts(JsonNode rex, List<JsonNode> out, int depth) {
        if (depth < MAX_DEPTH && rex.path("kind").asText().equals("CALL") && functionName(rex).equals("AND")) {
            rex.path("operands").forEach(operand -> conjuncts(operand, out, depth + 1));
            return;
        }
        out.add(rex);
    }

    /** An aggregate call ({@code {"internalName": "$SUM$1", "argList": [1], "distinct": false}}) as SQL. */
    private String aggregateCall(JsonNode call, int input, int depth) {
        StringBuilder out = new StringBuilder(functionName(call)).append('(');
        if (call.path("distinct").asBoolean(false)) {
            out.append("DISTINCT ");
        }
        JsonNode args = call.path("argList");
        if (args.isEmpty()) {
            out.append('*');
        }
        for (int i = 0; i < args.size(); i++) {
            String arg = of(input, args.get(i).asInt(-1), depth);
            if (arg == null) {
                return null;
            }
            out.append(i > 0 ? ", " : "").append(arg);
        }
        return out.append(')').toString();
    }

    /**
     * A function's name as SQL writes it: Flink's serializer writes a built-in as {@code
     * "internalName": "$UPPER$1"} (name and version between dollars), a system function as {@code
     * "systemName"}, a catalog function as {@code "catalogName": "`cat`.`db`.`f`"}.
     */
    private static String functionName(JsonNode rex) {
        String internal = rex.path("internalName").asText("");
        if (internal.startsWith("$") && internal.lastIndexOf('$') > 0) {
            return internal.substring(1, internal.lastIndexOf('$'));
        }
        if (rex.hasNonNull("systemName")) {
            return rex.path("systemName").asText();
        }
        String catalog = rex.path("catalogName").asText("");
        int dot = catalog.lastIndexOf("`.`");
        return dot >= 0 ? catalog.substring(dot + 3).replace("`", "") : catalog.replace("`", "");
    }

    /** A field {@link CompiledPlanReader} did not read, read now from the plan text where it starts. */
    private JsonNode deferred(CompiledNode node, int offset) {
        if (offset < 0) {
            return mapper.missingNode();
        }
        return deferred.computeIfAbsent(offset, at -> CompiledPlanReader.treeAt(mapper, text, at));
    }
}
