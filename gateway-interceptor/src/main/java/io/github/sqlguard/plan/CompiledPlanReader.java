package io.github.sqlguard.plan;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.apache.flink.util.TimeUtils;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads a Flink compiled plan ({@code CompiledPlan#asJsonString()}, the JSON that {@code COMPILE
 * PLAN} writes) into an {@link ExplainedPlan}: the {@code Optimized Execution Plan} section drawn
 * from the plan's nodes and edges exactly as Flink prints it ({@code ExecNodePlanDumper}: each
 * node's {@code description}, children under {@code ":- "}/{@code "+- "}), and each stateful
 * operator's {@code "state"} entries with the TTL Flink applies to it.
 *
 * <p>JSON shape read (Flink 2.3, {@code ExecNodeGraph} serialisation): {@code {"nodes": [{"id": 5,
 * "type": "stream-exec-rank_1", "description": "Rank(...)", "state": [{"index": 0, "ttl": "1 d",
 * "name": "rankState"}], ...}], "edges": [{"source": 4, "target": 5}, ...]}}. Edges are listed in
 * input order, so a node's children come out in the order Flink prints them. A node reached twice
 * (a reused sub-plan) is drawn under each parent.
 *
 * <p>Stateless and thread-safe.
 *
 * @throws IllegalArgumentException from {@link #read} when the text is not a compiled plan
 */
public final class CompiledPlanReader {

    /**
     * The name part of the anonymous sink a query is compiled into for the analysis only; that sink
     * is left out of the drawn plan (a query's EXPLAIN shows no sink either).
     */
    public static final String ANALYSIS_SINK = "sql_guard_analysis";

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private final PlanParser parser = new PlanParser();

    /** Reads {@code compiledPlanJson}; throws {@link IllegalArgumentException} when it is not a compiled plan. */
    public ExplainedPlan read(String compiledPlanJson) {
        JsonNode root;
        try {
            root = readNeeded(compiledPlanJson);
        } catch (IOException e) {
            throw new IllegalArgumentException("Not a compiled plan: " + e.getMessage(), e);
        }
        JsonNode nodes = root.path("nodes");
        if (!nodes.isArray()) {
            throw new IllegalArgumentException("Not a compiled plan: no \"nodes\" array.");
        }
        Map<Integer, JsonNode> byId = new LinkedHashMap<>();
        for (JsonNode node : nodes) {
            byId.put(node.path("id").asInt(), node);
        }
        Map<Integer, List<Integer>> inputs = new HashMap<>();
        Set<Integer> consumed = new LinkedHashSet<>();
        for (JsonNode edge : root.path("edges")) {
            int source = edge.path("source").asInt();
            inputs.computeIfAbsent(edge.path("target").asInt(), k -> new ArrayList<>()).add(source);
            consumed.add(source);
        }
        StringBuilder text = new StringBuilder();
        Map<Integer, CompiledNode> states = new HashMap<>();
        int[] line = {0};
        List<Integer> roots = new ArrayList<>();
        for (Integer id : byId.keySet()) {
            if (!consumed.contains(id)) {
                boolean analysisSink =
                        byId.get(id).path("description").asText("").contains("anonymous_" + ANALYSIS_SINK);
                roots.addAll(analysisSink ? inputs.getOrDefault(id, List.of()) : List.of(id));
            }
        }
        for (Integer id : roots) {
            if (line[0] > 0) {
                text.append('\n');
                line[0]++;
            }
            draw(id, "", "", byId, inputs, text, states, line);
        }
        String execution = text.toString();
        PlanSection section = parser.parseSection(ExplainedPlan.EXECUTION_PLAN, execution);
        return new ExplainedPlan(
                "== " + ExplainedPlan.EXECUTION_PLAN + " ==\n" + execution, List.of(section), states, true, Optional.empty());
    }

    /** The fields of a node the guard reads; everything else (tables, expressions, ...) is skipped unread. */
    private static final Set<String> NODE_FIELDS =
            Set.of("id", "type", "description", "state", "orderBy", "overSpec", "outputType");

    /**
     * The plan with only what the guard reads: per node {@link #NODE_FIELDS}, and the edges. Read
     * with Jackson's streaming parser, skipping the rest of each node (resolved tables with their
     * schemas and options, expressions, input properties): most of a compiled plan's bytes.
     */
    private static JsonNode readNeeded(String json) throws IOException {
        ObjectNode root = MAPPER.createObjectNode();
        try (JsonParser parser = MAPPER.getFactory().createParser(json)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw new IOException("the plan is not a JSON object");
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                JsonToken value = parser.nextToken();
                if (field.equals("nodes") && value == JsonToken.START_ARRAY) {
                    ArrayNode nodes = root.putArray("nodes");
                    while (parser.nextToken() == JsonToken.START_OBJECT) {
                        ObjectNode node = nodes.addObject();
                        while (parser.nextToken() == JsonToken.FIELD_NAME) {
                            String name = parser.currentName();
                            parser.nextToken();
                            if (NODE_FIELDS.contains(name)) {
                                node.set(name, MAPPER.readTree(parser));
                            } else {
                                parser.skipChildren();
                            }
                        }
                    }
                } else if (field.equals("edges")) {
                    root.set("edges", MAPPER.readTree(parser));
                } else {
                    parser.skipChildren();
                }
            }
        }
        return root;
    }

    private static void draw(
            int id, String prefix, String childPrefix, Map<Integer, JsonNode> byId, Map<Integer, List<Integer>> inputs,
            StringBuilder text, Map<Integer, CompiledNode> states, int[] line) {
        JsonNode node = byId.get(id);
        String description = node == null ? "Unknown(id=[" + id + "])" : node.path("description").asText("Unknown");
        text.append(prefix).append(description).append('\n');
        List<Integer> children = inputs.getOrDefault(id, List.of());
        if (node != null) {
            JsonNode input = children.isEmpty() ? null : byId.get(children.get(0));
            states.put(line[0], new CompiledNode(node.path("type").asText(""), states(node), orderedByTime(node, input)));
        }
        line[0]++;
        for (int i = 0; i < children.size(); i++) {
            boolean last = i == children.size() - 1;
            draw(children.get(i), childPrefix + (last ? "+- " : ":- "), childPrefix + (last ? "   " : ":  "), byId, inputs,
                    text, states, line);
        }
    }

    private static List<OperatorState> states(JsonNode node) {
        List<OperatorState> out = new ArrayList<>();
        for (JsonNode state : node.path("state")) {
            out.add(new OperatorState(state.path("name").asText(""), parseTtl(state.path("ttl").asText("0 ms"))));
        }
        return out;
    }

    /**
     * For a Rank ({@code "orderBy"}) or OverAggregate ({@code "overSpec"."groups"[0]."orderBy"}):
     * whether the first order key is a time attribute in the input's row type.
     */
    private static Optional<Boolean> orderedByTime(JsonNode node, JsonNode input) {
        JsonNode orderFields = node.path("orderBy").path("fields");
        if (!orderFields.isArray()) {
            orderFields = node.path("overSpec").path("groups").path(0).path("orderBy").path("fields");
        }
        if (!orderFields.isArray() || orderFields.isEmpty() || input == null) {
            return Optional.empty();
        }
        int index = orderFields.path(0).path("index").asInt(-1);
        List<String> fieldTypes = fieldTypes(input.path("outputType"));
        if (index < 0 || index >= fieldTypes.size()) {
            return Optional.empty();
        }
        String field = fieldTypes.get(index);
        String type = field.substring(field.lastIndexOf('`') + 1);
        return Optional.of(type.contains("*ROWTIME*") || type.contains("*PROCTIME*")
                || type.startsWith("ROWTIME ") || type.startsWith("PROCTIME "));
    }

    /**
     * The field types of a row type as the compiled plan writes it: either a string {@code
     * ROW<`a` INT, `t` TIMESTAMP(3) *ROWTIME*>} or an object with {@code "fields"}, where a time
     * attribute's type has {@code "kind": "ROWTIME"} or {@code "PROCTIME"}.
     */
    static List<String> fieldTypes(JsonNode rowType) {
        List<String> types = new ArrayList<>();
        if (rowType.isObject()) {
            for (JsonNode field : rowType.path("fields")) {
                JsonNode type = field.path("fieldType");
                types.add(type.isTextual() ? type.asText() : type.path("kind").asText("") + " " + type);
            }
            return types;
        }
        String text = rowType.asText("");
        int open = text.indexOf('<');
        int close = text.lastIndexOf('>');
        if (open < 0 || close < open) {
            return types;
        }
        int depth = 0;
        boolean quoted = false;
        int start = open + 1;
        for (int i = open + 1; i < close; i++) {
            char c = text.charAt(i);
            if (c == '`') {
                quoted = !quoted;
            } else if (!quoted && (c == '<' || c == '(')) {
                depth++;
            } else if (!quoted && (c == '>' || c == ')')) {
                depth--;
            } else if (!quoted && depth == 0 && c == ',') {
                types.add(text.substring(start, i).strip());
                start = i + 1;
            }
        }
        types.add(text.substring(start, close).strip());
        return types;
    }

    private static Duration parseTtl(String ttl) {
        try {
            return TimeUtils.parseDuration(ttl);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Unreadable state TTL '" + ttl + "' in a compiled plan.", e);
        }
    }
}
