package io.github.sqlguard.plan;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.apache.flink.util.TimeUtils;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a Flink compiled plan ({@code CompiledPlan#asJsonString()}, the JSON {@code COMPILE PLAN}
 * writes) into the plan model, once: every node by its ExecNode id with its type, description,
 * inputs (from the edges), output type and state, and its typed view ({@link CompiledOperators})
 * with its keys by column name.
 *
 * <p>JSON shape read (Flink 2.3 and 1.20, {@code ExecNodeGraph} serialisation, the same field
 * names on both lines): {@code {"nodes": [{"id": 6, "type": "stream-exec-rank_1", "partition":
 * {"fields": [1]}, "orderBy": {...}, "rankRange": {...}, "state": [{"index": 0, "ttl": "1 d",
 * "name": "rankState"}], "outputType": "ROW<...>", "description": "Rank(...)", ...}], "edges":
 * [{"source": 5, "target": 6, ...}]}}. Edges are listed in input order.
 *
 * <p>Cost: one streaming pass with Jackson; the bulk of each node (table schemas, expressions,
 * configuration) is skipped, the few fields a typed view reads are read into plain values ({@link
 * ExecNodeFields}), a row type written as a string is kept as it is until its columns are asked
 * for, and a Calc's projection is read only when a key column has to be named through it.
 *
 * <p>Stateless and thread-safe.
 */
public final class CompiledPlanReader {

    /**
     * The name part of the anonymous sink a query is compiled into for the analysis only; that sink
     * is left out of the plan (a query's EXPLAIN shows no sink either).
     */
    public static final String ANALYSIS_SINK = "sql_guard_analysis";

    private final ObjectMapper mapper = new ObjectMapper();

    /** Reads {@code compiledPlanJson}; throws {@link IllegalArgumentException} when it is not a compiled plan. */
    public ExplainedPlan read(String compiledPlanJson) {
        return read(compiledPlanJson, Optional.empty());
    }

    /**
     * Reads {@code compiledPlanJson}, the plan of the statement {@code statement} (its SQL text, where known: a
     * column is then named as the statement reads it, {@code ColumnNames#fieldName}); throws {@link
     * IllegalArgumentException} when it is not a compiled plan.
     */
    public ExplainedPlan read(String compiledPlanJson, Optional<String> statement) {
        return read(compiledPlanJson, statement, List.of());
    }

    /**
     * Reads {@code compiledPlanJson}, the plan of the statement {@code statement}, which reads the views whose expanded
     * queries are {@code viewQueries} (a view's name for a column the plan shows by what computes it is there).
     */
    public ExplainedPlan read(String compiledPlanJson, Optional<String> statement, List<String> viewQueries) {
        try (JsonParser json = mapper.createParser(compiledPlanJson)) {
            return read(json, compiledPlanJson, statement, viewQueries);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("Not a compiled plan: " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private ExplainedPlan read(JsonParser json, String text, Optional<String> statement, List<String> viewQueries)
            throws IOException {
        if (json.nextToken() != JsonToken.START_OBJECT) {
            throw new IllegalArgumentException("Not a compiled plan: not a JSON object.");
        }
        Map<Integer, CompiledNode> nodes = null;
        // (source, target) pairs, applied once every node is read: Flink writes the edges after the nodes.
        int[] edges = CompiledNode.NONE;
        for (String field = json.nextFieldName(); field != null; field = json.nextFieldName()) {
            JsonToken value = json.nextToken();
            if (field.equals("nodes") && value == JsonToken.START_ARRAY) {
                nodes = nodes(json);
            } else if (field.equals("edges") && value == JsonToken.START_ARRAY) {
                // A repeated "edges" field replaces the one before, as it would in a JSON tree.
                edges = edges(json);
            } else {
                json.skipChildren();
            }
        }
        if (nodes == null) {
            throw new IllegalArgumentException("Not a compiled plan: no \"nodes\" array.");
        }
        for (int i = 0; i + 1 < edges.length; i += 2) {
            CompiledNode source = nodes.get(edges[i]);
            CompiledNode target = nodes.get(edges[i + 1]);
            if (source != null) {
                source.consumed = true;
            }
            if (target != null) {
                target.addInput(edges[i]);
            }
            if (source != null && target != null && source.pushedWatermarkWithoutRowtime && source.pushedRowtime < 0) {
                source.pushedRowtime = rowtimeOfConsumingCalc(target, text);
            }
            if (source != null && target != null && source.pushedWatermarkWithoutRowtime && source.pushedRowtime < 0) {
                // Flink 1.20 where the Calc over the scan does not read the rowtime at all (lint case 79: a view over a
                // lookup join that selects no time column): the scan still emits it, as the table's declared rowtime.
                source.pushedRowtime = source.declaredRowtimeIndex();
            }
            if (source != null && target != null && source.pushedWatermark && source.pushedRowtime < 0) {
                target.castRowtimes = castRowtimes(target, text);
            }
        }
        Map<Integer, PlanNode> byId = new LinkedHashMap<>((int) (nodes.size() / 0.75f) + 1);
        Map<String, String> names = new HashMap<>();
        List<Integer> roots = new ArrayList<>();
        for (CompiledNode node : nodes.values()) {
            if (node.isAnalysisSink()) {
                roots.addAll(node.inputs);
                continue;
            }
            if (!node.consumed) {
                roots.add(node.id);
            }
            byId.put(node.id, node.toPlanNode(names));
        }
        ColumnNames columns = new ColumnNames(nodes, byId, mapper, text, statement, viewQueries);
        CompiledOperators typed = new CompiledOperators(nodes, columns);
        return ExplainedPlan.of(byId, roots, true, typed::of, columns::source);
    }

    /** The {@code "nodes"} array at the parser, by id in their order. */
    private static Map<Integer, CompiledNode> nodes(JsonParser json) throws IOException {
        Map<Integer, CompiledNode> byId = new LinkedHashMap<>();
        // A plan repeats a few TTLs, and Flink's duration parser allocates much: each parsed once.
        Map<String, Duration> ttls = new HashMap<>();
        Map<String, String> kinds = new HashMap<>();
        for (JsonToken element = json.nextToken(); element != JsonToken.END_ARRAY; element = json.nextToken()) {
            if (element != JsonToken.START_OBJECT) {
                throw new IllegalArgumentException("Not a compiled plan: a node is not a JSON object.");
            }
            CompiledNode node = new CompiledNode();
            for (String field = json.nextFieldName(); field != null; field = json.nextFieldName()) {
                JsonToken value = json.nextToken();
                switch (field) {
                    case "id" -> node.id = json.getValueAsInt();
                    case "type" -> node.setType(json.getValueAsString(""), kinds);
                    case "description" -> node.description = json.getValueAsString("Unknown");
                    case "state" -> node.state = states(json, ttls);
                    case "outputType" -> node.outputType = outputType(json);
                    case "scanTableSource" -> table(json, node, TableOf.SCAN);
                    case "dynamicTableSink" -> table(json, node, TableOf.SINK);
                    case "temporalTable" -> lookupTable(json, node);
                    case "projection", "aggCalls", "partialOriginalAggCalls", "condition" -> {
                        // Read only to name a computed key column: where the value starts in the text.
                        int at = (int) json.currentTokenLocation().getCharOffset();
                        if (field.equals("projection")) {
                            node.projectionAt = at;
                        } else if (field.equals("aggCalls") || field.equals("partialOriginalAggCalls")) {
                            // An IncrementalGroupAggregate's calls are its partial aggregation's (StreamExecIncrementalGroupAggregate).
                            node.aggCallsAt = at;
                        } else if (value != JsonToken.VALUE_NULL) {
                            node.conditionAt = at;
                        }
                        json.skipChildren();
                    }
                    default -> {
                        if (value == JsonToken.VALUE_NULL || !ExecNodeFields.read(field, json, node)) {
                            json.skipChildren();
                        }
                    }
                }
            }
            byId.put(node.id, node);
        }
        return byId;
    }

    /** The {@code "edges"} array at the parser: (source, target) pairs. */
    private static int[] edges(JsonParser json) throws IOException {
        int[] edges = new int[64];
        int size = 0;
        for (JsonToken element = json.nextToken(); element != JsonToken.END_ARRAY; element = json.nextToken()) {
            if (element != JsonToken.START_OBJECT) {
                json.skipChildren();
                continue;
            }
            int source = 0;
            int target = 0;
            for (String field = json.nextFieldName(); field != null; field = json.nextFieldName()) {
                json.nextToken();
                switch (field) {
                    case "source" -> source = json.getValueAsInt();
                    case "target" -> target = json.getValueAsInt();
                    default -> json.skipChildren();
                }
            }
            if (size + 2 > edges.length) {
                edges = Arrays.copyOf(edges, edges.length * 2);
            }
            edges[size++] = source;
            edges[size++] = target;
        }
        return Arrays.copyOf(edges, size);
    }

    /** The {@code "state"} array at the parser: {@code [{"index": 0, "ttl": "1 d", "name": "rankState"}]}. */
    private static List<OperatorState> states(JsonParser json, Map<String, Duration> ttls) throws IOException {
        if (json.currentToken() != JsonToken.START_ARRAY) {
            json.skipChildren();
            return List.of();
        }
        List<OperatorState> states = new ArrayList<>(2);
        for (JsonToken element = json.nextToken(); element != JsonToken.END_ARRAY; element = json.nextToken()) {
            if (element != JsonToken.START_OBJECT) {
                json.skipChildren();
                continue;
            }
            String name = "";
            String ttl = "0 ms";
            for (String field = json.nextFieldName(); field != null; field = json.nextFieldName()) {
                json.nextToken();
                switch (field) {
                    case "name" -> name = json.getValueAsString("");
                    case "ttl" -> ttl = json.getValueAsString("0 ms");
                    default -> json.skipChildren();
                }
            }
            states.add(new OperatorState(name, ttls.computeIfAbsent(ttl, CompiledPlanReader::parseTtl)));
        }
        return states;
    }

    /**
     * The {@code "outputType"} at the parser: a string kept as it is ({@link OutputType#of(String)});
     * an object ({@code {"type": "ROW", "fields": [{"name": "t", "fieldType": {...}}]}}) read here.
     */
    private static OutputType outputType(JsonParser json) throws IOException {
        if (json.currentToken() == JsonToken.VALUE_STRING) {
            return OutputType.of(json.getText());
        }
        if (json.currentToken() != JsonToken.START_OBJECT) {
            json.skipChildren();
            return OutputType.UNKNOWN;
        }
        List<Column> columns = new ArrayList<>();
        for (String field = json.nextFieldName(); field != null; field = json.nextFieldName()) {
            JsonToken value = json.nextToken();
            if (!field.equals("fields") || value != JsonToken.START_ARRAY) {
                json.skipChildren();
                continue;
            }
            for (JsonToken element = json.nextToken(); element != JsonToken.END_ARRAY; element = json.nextToken()) {
                if (element != JsonToken.START_OBJECT) {
                    json.skipChildren();
                    continue;
                }
                String name = "";
                String type = "";
                Column.TimeAttribute time = Column.TimeAttribute.NONE;
                for (String f = json.nextFieldName(); f != null; f = json.nextFieldName()) {
                    JsonToken v = json.nextToken();
                    if (f.equals("name")) {
                        name = json.getValueAsString("");
                    } else if (f.equals("fieldType") && v == JsonToken.VALUE_STRING) {
                        type = json.getText();
                    } else if (f.equals("fieldType") && v == JsonToken.START_OBJECT) {
                        FieldType fieldType = fieldType(json);
                        type = fieldType.text();
                        time = fieldType.time();
                    } else {
                        json.skipChildren();
                    }
                }
                columns.add(new Column(name, type, time));
            }
        }
        return OutputType.of(columns);
    }

    /** A field type written as an object, e.g. {@code TIMESTAMP(3) *ROWTIME*}, and its time attribute kind. */
    private record FieldType(String text, Column.TimeAttribute time) {}

    /**
     * A field type object at the parser ({@code {"type": "TIMESTAMP_WITHOUT_TIME_ZONE", "precision":
     * 3, "kind": "ROWTIME"}}), written as Flink's summary strings write it.
     */
    private static FieldType fieldType(JsonParser json) throws IOException {
        String type = "";
        String precision = null;
        boolean nullable = true;
        Column.TimeAttribute time = Column.TimeAttribute.NONE;
        for (String field = json.nextFieldName(); field != null; field = json.nextFieldName()) {
            json.nextToken();
            switch (field) {
                case "type" -> type = json.getValueAsString("");
                case "precision" -> precision = json.getValueAsString();
                case "nullable" -> nullable = json.getValueAsBoolean(true);
                case "kind" -> time = switch (json.getValueAsString("")) {
                    case "ROWTIME" -> Column.TimeAttribute.ROWTIME;
                    case "PROCTIME" -> Column.TimeAttribute.PROCTIME;
                    default -> Column.TimeAttribute.NONE;
                };
                default -> json.skipChildren();
            }
        }
        String name = switch (type) {
            case "TIMESTAMP_WITHOUT_TIME_ZONE" -> "TIMESTAMP";
            case "TIMESTAMP_WITH_LOCAL_TIME_ZONE" -> "TIMESTAMP_LTZ";
            default -> type;
        };
        StringBuilder text = new StringBuilder(name);
        if (precision != null) {
            text.append('(').append(precision).append(')');
        }
        if (!nullable) {
            text.append(" NOT NULL");
        }
        if (time.isTimeAttribute()) {
            text.append(" *").append(time.name()).append('*');
        }
        return new FieldType(text.toString(), time);
    }

    /** Whose table {@link #table} reads: a source scan's, a sink's, a lookup join's. */
    private enum TableOf { SCAN, SINK, LOOKUP }

    /**
     * A lookup join's {@code "temporalTable"} at the parser: {@code {"lookupTableSource": {"table": {"identifier":
     * "`c`.`d`.`t`", "resolvedTable": {"schema": {"primaryKey": {"columns": ["k"]}, ...}, ...}}}, ...}} (Flink 2.3.0
     * {@code TemporalTableSourceSpec}): the looked-up table's identifier and primary key columns ({@link #table}).
     */
    private static void lookupTable(JsonParser json, CompiledNode node) throws IOException {
        if (json.currentToken() != JsonToken.START_OBJECT) {
            json.skipChildren();
            return;
        }
        for (String field = json.nextFieldName(); field != null; field = json.nextFieldName()) {
            json.nextToken();
            if (field.equals("lookupTableSource")) {
                table(json, node, TableOf.LOOKUP);
            } else {
                json.skipChildren();
            }
        }
    }

    /**
     * A source's {@code "scanTableSource"} or a sink's {@code "dynamicTableSink"} at the parser:
     * {@code {"table": {"identifier": "`c`.`d`.`t`", "resolvedTable": {"schema": {"primaryKey":
     * {"columns": ["k"]}, ...}, "options": {"connector": "datagen", ...}}}}}, or a lookup join's {@code
     * "lookupTableSource"} of that shape: the table's identifier and its primary key columns, a scan's and a sink's
     * options (not a lookup join's: {@link PlanNode#tableOptions} are a scan's and a sink's), a scan's pushed-down
     * watermark and its table's PROCTIME() columns, a sink's physical columns; the rest is skipped.
     */
    private static void table(JsonParser json, CompiledNode node, TableOf of) throws IOException {
        if (json.currentToken() != JsonToken.START_OBJECT) {
            json.skipChildren();
            return;
        }
        for (String field = json.nextFieldName(); field != null; field = json.nextFieldName()) {
            JsonToken value = json.nextToken();
            if (of == TableOf.SCAN && field.equals("abilities") && value == JsonToken.START_ARRAY) {
                JsonNode abilities = json.readValueAsTree();
                node.pushedRowtime = pushedRowtime(abilities);
                node.pushedWatermarkWithoutRowtime = node.pushedRowtime < 0 && pushedWatermarkWithoutRowtime(abilities);
                node.pushedWatermark = pushedWatermark(abilities);
                continue;
            }
            if (!field.equals("table") || value != JsonToken.START_OBJECT) {
                json.skipChildren();
                continue;
            }
            for (String f = json.nextFieldName(); f != null; f = json.nextFieldName()) {
                JsonToken v = json.nextToken();
                if (f.equals("identifier") && v == JsonToken.VALUE_STRING) {
                    node.table = TableNames.ofSerialized(json.getText());
                } else if (f.equals("resolvedTable") && v == JsonToken.START_OBJECT) {
                    JsonNode table = json.readValueAsTree();
                    List<String> key = new ArrayList<>();
                    table.path("schema").path("primaryKey").path("columns").forEach(c -> key.add(c.asText()));
                    node.primaryKey = List.copyOf(key);
                    if (of == TableOf.SCAN) {
                        // The table's declared rowtime, by name ({@code WATERMARK FOR ts AS ...}): what a pushed-down
                        // watermark without "rowtimeExpr" (Flink 1.20) makes event time where no Calc names it.
                        JsonNode spec = table.path("schema").path("watermarkSpecs").path(0);
                        node.declaredRowtime = spec.path("rowtimeAttribute").isTextual()
                                ? spec.path("rowtimeAttribute").asText() : null;
                    }
                    if (of == TableOf.SINK) {
                        // The physical columns, in order: what the sink's input fields are written into.
                        List<String> columns = new ArrayList<>();
                        table.path("schema").path("columns").forEach(c -> {
                            if (c.path("kind").asText("PHYSICAL").equals("PHYSICAL")) {
                                columns.add(c.path("name").asText());
                            }
                        });
                        node.sinkColumns = List.copyOf(columns);
                    }
                    if (of == TableOf.SCAN) {
                        // {"name": "pt", "kind": "COMPUTED", "expression": {"rexNode": {"internalName": "$PROCTIME$1",
                        // "type": {..., "kind": "PROCTIME"}}, "serializableString": "PROCTIME()"}} (Flink 2.3.0).
                        List<String> proctimes = new ArrayList<>();
                        table.path("schema").path("columns").forEach(c -> {
                            if (c.path("kind").asText().equals("COMPUTED")
                                    && c.path("expression").path("rexNode").path("type").path("kind").asText().equals("PROCTIME")) {
                                proctimes.add(c.path("name").asText());
                            }
                        });
                        node.proctimes = List.copyOf(proctimes);
                    }
                    if (of != TableOf.LOOKUP) {
                        node.tableOptions = options(table);
                    }
                } else {
                    json.skipChildren();
                }
            }
        }
    }

    /**
     * The output column a source's pushed-down watermark makes its rowtime: the {@code INPUT_REF} under the
     * {@code $REINTERPRET$} of its {@code WatermarkPushDown} ability's {@code "rowtimeExpr"}; -1 when the
     * source has none, or its rowtime is an expression of several columns. Flink 1.20 writes no {@code
     * "rowtimeExpr"}: there the Calc reading the scan names it ({@link #rowtimeOfConsumingCalc}).
     *
     * <p>Flink 2.3.0 ({@code PushWatermarkIntoTableSourceScanRuleBase#getNewScan}): where the table
     * has a computed column (a {@code process_time AS PROCTIME()} beside the {@code WATERMARK}), the scan
     * with the pushed watermark emits the rowtime column as a plain {@code TIMESTAMP(3)} (its {@code
     * "outputType"}), and the rowtime is the scan's {@code Reinterpret} of it ({@code WatermarkPushDownSpec
     * #getRowtimeExpr}), which a {@code Calc} above computes: {@code Calc(select=[DATE_FORMAT(CAST(
     * Reinterpret(ts) AS TIMESTAMP(3)), 'yyyyMMdd') AS day, ...])}. Without a computed column the scan's
     * output type marks it {@code *ROWTIME*} itself. Either way the column is event time (verified on a
     * Kafka table and lint's stand-in for it: both push the watermark into the scan).
     */
    private static int pushedRowtime(JsonNode abilities) {
        for (JsonNode ability : abilities) {
            if (!ability.path("type").asText().equals("WatermarkPushDown")) {
                continue;
            }
            JsonNode rowtime = ability.path("rowtimeExpr");
            JsonNode operands = rowtime.path("operands");
            if (rowtime.path("internalName").asText().startsWith("$REINTERPRET$") && operands.size() == 1
                    && operands.get(0).path("kind").asText().equals("INPUT_REF")) {
                return operands.get(0).path("inputIndex").asInt(-1);
            }
        }
        return -1;
    }

    /**
     * Whether {@code abilities} push a watermark down without naming its rowtime: Flink 1.20.0's {@code
     * WatermarkPushDownSpec} writes {@code "watermarkExpr"} (over the scan's own columns) and no {@code
     * "rowtimeExpr"}, which Flink 2.3.0 added.
     */
    private static boolean pushedWatermarkWithoutRowtime(JsonNode abilities) {
        for (JsonNode ability : abilities) {
            if (ability.path("type").asText().equals("WatermarkPushDown") && ability.path("rowtimeExpr").isMissingNode()) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code abilities} push a watermark down into the scan. */
    private static boolean pushedWatermark(JsonNode abilities) {
        for (JsonNode ability : abilities) {
            if (ability.path("type").asText().equals("WatermarkPushDown")) {
                return true;
            }
        }
        return false;
    }

    /**
     * The output columns of {@code consumer}, a Calc reading a scan with a pushed-down watermark whose rowtime is no
     * column of the scan, that compute the rowtime and cast it to a plain {@code TIMESTAMP}: a projection element
     * {@code CAST(Reinterpret(...))} whose {@code $REINTERPRET$} is of kind {@code ROWTIME}. Empty when {@code consumer}
     * is no Calc or has none.
     *
     * <p>Flink 2.3.0 and 1.20.0: where the table's {@code WATERMARK} is declared on a computed column ({@code ts AS
     * TO_TIMESTAMP_LTZ(ms, 3)}), the scan's rowtime is that expression ({@code "rowtimeExpr": {"internalName":
     * "$REINTERPRET$1", "operands": [{"internalName": "$TO_TIMESTAMP_LTZ$1", ...}]}} on 2.3.0), the scan emits no such
     * column, and the Calc over it computes it; under a regular join or aggregation, which materializes time attributes
     * ({@code RelTimeIndicatorConverter}), the Calc's projection is {@code {"internalName": "$CAST$1", "operands":
     * [{"internalName": "$REINTERPRET$1", ..., "type": {..., "kind": "ROWTIME"}}]}} and its output type a plain {@code
     * TIMESTAMP_LTZ(3)}.
     */
    private List<Integer> castRowtimes(CompiledNode consumer, String text) {
        if (!consumer.kind.equals("stream-exec-calc") || consumer.projectionAt < 0) {
            return List.of();
        }
        JsonNode projection = treeAt(mapper, text, consumer.projectionAt);
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < projection.size(); i++) {
            JsonNode element = projection.get(i);
            JsonNode operands = element.path("operands");
            if (element.path("internalName").asText().startsWith("$CAST$") && operands.size() == 1
                    && operands.get(0).path("internalName").asText().startsWith("$REINTERPRET$")
                    && operands.get(0).path("type").path("kind").asText().equals("ROWTIME")) {
                out.add(i);
            }
        }
        return List.copyOf(out);
    }

    /**
     * The scan's output column that {@code consumer}, a Calc reading the scan, makes the rowtime: the {@code
     * INPUT_REF} under a {@code $REINTERPRET$} whose type is of kind {@code ROWTIME} in its {@code "projection"};
     * -1 when {@code consumer} is no Calc or has none.
     *
     * <p>Flink 1.20.0 ({@code PushWatermarkIntoTableSourceScanAcrossCalcRule#onMatch}): where the table has a
     * computed column beside its {@code WATERMARK}, the watermark is pushed into the scan, whose output type
     * keeps the rowtime column a plain {@code TIMESTAMP(3)}, and the Calc built over the new scan projects
     * {@code makeReinterpretCast(rowtime indicator type, column)} in its place: {@code Calc(select=[DATE_FORMAT(
     * CAST(Reinterpret(ts) AS TIMESTAMP(3)), 'yyyyMMdd') AS day, ...])}, its projection {@code {"internalName":
     * "$REINTERPRET$1", "operands": [{"kind": "INPUT_REF", "inputIndex": 1}], "type": {..., "kind": "ROWTIME"}}}.
     * The ability's {@code "watermarkExpr"} is not read for it: it names the column the watermark is computed
     * from, which need not be the rowtime ({@code WATERMARK FOR ts AS other_ts - ...}).
     */
    private int rowtimeOfConsumingCalc(CompiledNode consumer, String text) {
        if (!consumer.kind.equals("stream-exec-calc") || consumer.projectionAt < 0) {
            return -1;
        }
        return reinterpretedRowtime(treeAt(mapper, text, consumer.projectionAt));
    }

    private static int reinterpretedRowtime(JsonNode expression) {
        if (expression.isArray()) {
            for (JsonNode element : expression) {
                int found = reinterpretedRowtime(element);
                if (found >= 0) {
                    return found;
                }
            }
            return -1;
        }
        if (!expression.isObject()) {
            return -1;
        }
        JsonNode operands = expression.path("operands");
        if (expression.path("internalName").asText().startsWith("$REINTERPRET$")
                && expression.path("type").path("kind").asText().equals("ROWTIME")
                && operands.size() == 1 && operands.get(0).path("kind").asText().equals("INPUT_REF")) {
            return operands.get(0).path("inputIndex").asInt(-1);
        }
        return reinterpretedRowtime(operands);
    }

    /** A {@code "resolvedTable"}'s {@code "options"}, as strings. */
    private static Map<String, String> options(JsonNode resolvedTable) {
        Map<String, String> options = new LinkedHashMap<>();
        resolvedTable.path("options").fields().forEachRemaining(e -> options.put(e.getKey(), e.getValue().asText()));
        return options;
    }

    private static Duration parseTtl(String ttl) {
        try {
            return TimeUtils.parseDuration(ttl);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Unreadable state TTL '" + ttl + "' in a compiled plan.", e);
        }
    }

    /** The JSON value at {@code offset} of {@code text}, read as a tree (for a field read only when needed). */
    static JsonNode treeAt(ObjectMapper mapper, String text, int offset) {
        try (StringReader reader = new StringReader(text)) {
            reader.skip(offset);
            try (JsonParser json = mapper.createParser(reader)) {
                json.nextToken();
                return json.readValueAsTree();
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("Unreadable compiled plan at offset " + offset + ": " + e.getMessage(), e);
        }
    }
}
