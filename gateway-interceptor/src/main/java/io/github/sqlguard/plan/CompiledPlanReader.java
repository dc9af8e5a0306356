package io.github.sqlguard.plan;

import com.fasterxml.jackson.databind.JsonNode;

import org.apache.flink.util.TimeUtils;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
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
 * <p>Cost: one pass over the JSON ({@link JsonCursor}; the node fields the guard does not read,
 * most of the text, are skipped unparsed), one over the drawn tree, which is built as it is drawn.
 * Only the order key and the input row type of a {@code Rank} or {@code OverAggregate} are parsed
 * as JSON trees. Where a node's description is not a plain one-line {@code Name(...)} (never seen
 * from Flink), the drawn text is parsed by {@link PlanParser} instead, as an EXPLAIN text would be.
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

    private static final String HEADER = "== " + ExplainedPlan.EXECUTION_PLAN + " ==\n";

    private final PlanParser parser = new PlanParser();

    /**
     * What the guard reads of one node of the compiled plan.
     *
     * @param description {@code "description"}, {@code "Unknown"} when absent
     * @param type {@code "type"}, empty when absent
     * @param state the {@code "state"} entries
     * @param orderBy where the {@code "orderBy"} value is in the JSON, {@link Span#ABSENT} when
     *     absent; likewise {@code overSpec} and {@code outputType}, read only for a node that orders
     */
    private record Node(
            String description, String type, List<OperatorState> state, Span orderBy, Span overSpec, Span outputType) {}

    /**
     * Where a value is in the JSON text: offsets {@code [start, end)}.
     *
     * @param start offset of the value's first character; -1 for a value that is absent
     * @param end offset just past the value's last character
     */
    private record Span(int start, int end) {
        static final Span ABSENT = new Span(-1, -1);

        boolean present() {
            return start >= 0;
        }
    }

    /** The fields read: of the plan, of each node (everything else in a node is skipped unread), of an edge, of a state. */
    private static final List<String> PLAN_FIELDS = List.of("nodes", "edges");
    private static final List<String> NODE_FIELDS =
            List.of("id", "type", "description", "state", "orderBy", "overSpec", "outputType");
    private static final List<String> EDGE_FIELDS = List.of("source", "target");
    private static final List<String> STATE_FIELDS = List.of("name", "ttl");
    private static final List<String> FIELDS = List.of("fields");
    private static final List<String> INDEX = List.of("index");

    /** Reads {@code compiledPlanJson}; throws {@link IllegalArgumentException} when it is not a compiled plan. */
    public ExplainedPlan read(String compiledPlanJson) {
        JsonCursor json = new JsonCursor(compiledPlanJson);
        Map<Integer, Node> byId = null;
        Map<Integer, List<Integer>> inputs = new HashMap<>();
        Set<Integer> consumed = new HashSet<>();
        json.expect('{');
        for (String field = json.nextField(PLAN_FIELDS); field != null; field = json.nextField(PLAN_FIELDS)) {
            if (field.equals("nodes") && json.peek() == '[') {
                byId = nodes(json, new HashMap<>());
            } else if (field.equals("edges")) {
                edges(json, inputs, consumed);
            } else {
                json.skipValue();
            }
        }
        if (byId == null) {
            throw new IllegalArgumentException("Not a compiled plan: no \"nodes\" array.");
        }
        List<Integer> roots = new ArrayList<>();
        for (Map.Entry<Integer, Node> entry : byId.entrySet()) {
            if (!consumed.contains(entry.getKey())) {
                boolean analysisSink = entry.getValue().description().contains("anonymous_" + ANALYSIS_SINK);
                roots.addAll(analysisSink ? inputs.getOrDefault(entry.getKey(), List.of()) : List.of(entry.getKey()));
            }
        }
        Drawing drawing = new Drawing(json, byId, inputs);
        int length = HEADER.length();
        for (Integer id : roots) {
            length += drawing.width(id, 0) + 1;
        }
        drawing.text.ensureCapacity(length);
        List<PlanNode> trees = new ArrayList<>();
        for (Integer id : roots) {
            if (drawing.line > 0) {
                drawing.text.append('\n');
                drawing.line++;
            }
            trees.add(drawing.draw(id, ""));
        }
        String text = drawing.text.toString();
        PlanSection section;
        if (drawing.plainLines) {
            // The drawn lines start with a letter and end in no whitespace: stripping the section
            // text, as PlanParser does, takes only the last line break.
            int end = text.length();
            while (end > HEADER.length() && Character.isWhitespace(text.charAt(end - 1))) {
                end--;
            }
            section = new PlanSection(ExplainedPlan.EXECUTION_PLAN, text.substring(HEADER.length(), end), trees);
        } else {
            section = parser.parseSection(ExplainedPlan.EXECUTION_PLAN, text.substring(HEADER.length()));
        }
        return new ExplainedPlan(text, List.of(section), drawing.states, true, Optional.empty());
    }

    /**
     * The {@code "nodes"} array at the cursor, by id in their order; {@code ttls} holds the TTLs
     * parsed so far by their text (a plan repeats a few, and Flink's parser allocates much).
     */
    private static Map<Integer, Node> nodes(JsonCursor json, Map<String, Duration> ttls) {
        Map<Integer, Node> byId = new LinkedHashMap<>();
        // A plan has a few operator types, each node one of them: each kept once.
        List<String> types = new ArrayList<>();
        json.expect('[');
        while (json.nextElement()) {
            if (json.peek() != '{') {
                throw new IllegalArgumentException("Not a compiled plan: a node is not a JSON object.");
            }
            json.expect('{');
            int id = 0;
            String description = "Unknown";
            String type = "";
            List<OperatorState> state = List.of();
            Span orderBy = Span.ABSENT;
            Span overSpec = Span.ABSENT;
            Span outputType = Span.ABSENT;
            for (String field = json.nextField(NODE_FIELDS); field != null; field = json.nextField(NODE_FIELDS)) {
                switch (field) {
                    case "id" -> id = integer(json);
                    case "type" -> type = type(json, types);
                    case "description" -> description = text(json, "Unknown");
                    case "state" -> state = states(json, ttls);
                    case "orderBy" -> orderBy = span(json);
                    case "overSpec" -> overSpec = span(json);
                    case "outputType" -> outputType = span(json);
                    default -> json.skipValue();
                }
            }
            byId.put(id, new Node(description, type, state, orderBy, overSpec, outputType));
        }
        return byId;
    }

    /** The {@code "edges"} value at the cursor: each target's sources in order, and every source. */
    private static void edges(JsonCursor json, Map<Integer, List<Integer>> inputs, Set<Integer> consumed) {
        // A repeated "edges" field replaces the one before, as it did in a JSON tree.
        inputs.clear();
        consumed.clear();
        int start = json.position();
        if (json.peek() == '[') {
            json.expect('[');
            while (json.nextElement()) {
                int edge = json.position();
                long source = JsonCursor.NOT_PLAIN;
                long target = JsonCursor.NOT_PLAIN;
                boolean plain = json.consume('{');
                for (String field = plain ? json.nextField(EDGE_FIELDS) : null; field != null;
                        field = json.nextField(EDGE_FIELDS)) {
                    if (field.equals("source") || field.equals("target")) {
                        long value = json.plainInt();
                        plain &= value != JsonCursor.NOT_PLAIN;
                        if (!plain) {
                            break;
                        }
                        source = field.equals("source") ? value : source;
                        target = field.equals("target") ? value : target;
                    } else {
                        json.skipValue();
                    }
                }
                if (plain && source != JsonCursor.NOT_PLAIN && target != JsonCursor.NOT_PLAIN) {
                    edge((int) source, (int) target, inputs, consumed);
                } else {
                    json.reset(edge);
                    JsonNode tree = json.tree(edge, json.skipValue());
                    edge(tree.path("source").asInt(), tree.path("target").asInt(), inputs, consumed);
                }
            }
        } else {
            for (JsonNode edge : json.tree(start, json.skipValue())) {
                edge(edge.path("source").asInt(), edge.path("target").asInt(), inputs, consumed);
            }
        }
    }

    private static void edge(int source, int target, Map<Integer, List<Integer>> inputs, Set<Integer> consumed) {
        // Most operators have one input, a join or union two.
        inputs.computeIfAbsent(target, k -> new ArrayList<>(2)).add(source);
        consumed.add(source);
    }

    /** The value at the cursor as Jackson's {@code asInt()} reads it. */
    private static int integer(JsonCursor json) {
        long plain = json.plainInt();
        if (plain != JsonCursor.NOT_PLAIN) {
            return (int) plain;
        }
        int start = json.position();
        return json.tree(start, json.skipValue()).asInt();
    }

    /** The value at the cursor as Jackson's {@code asText(absent)} reads it. */
    private static String text(JsonCursor json, String absent) {
        String plain = json.plainString();
        if (plain != null) {
            return plain;
        }
        int start = json.position();
        return json.tree(start, json.skipValue()).asText(absent);
    }

    /** A node's {@code "type"} as {@link #text} reads it, an equal one read before returned for it. */
    private static String type(JsonCursor json, List<String> types) {
        String plain = json.plainString(types);
        return plain != null ? plain : text(json, "");
    }

    /** Skips the value at the cursor; its offsets {@code [start, end)}. */
    private static Span span(JsonCursor json) {
        json.peek();
        int start = json.position();
        return new Span(start, json.skipValue());
    }

    /** The {@code "state"} array at the cursor: {@code [{"index": 0, "ttl": "1 d", "name": "rankState"}]}. */
    private static List<OperatorState> states(JsonCursor json, Map<String, Duration> ttls) {
        json.peek();
        int start = json.position();
        List<OperatorState> states = plainStates(json, ttls);
        if (states != null) {
            return states;
        }
        json.reset(start);
        List<OperatorState> out = new ArrayList<>();
        for (JsonNode state : json.tree(start, json.skipValue())) {
            out.add(new OperatorState(state.path("name").asText(""), parseTtl(state.path("ttl").asText("0 ms"))));
        }
        return out;
    }

    /** An array of objects whose {@code name} and {@code ttl} are plain strings; else {@code null}. */
    private static List<OperatorState> plainStates(JsonCursor json, Map<String, Duration> ttls) {
        if (!json.consume('[')) {
            return null;
        }
        List<OperatorState> states = new ArrayList<>(2);
        while (json.nextElement()) {
            if (!json.consume('{')) {
                return null;
            }
            String name = "";
            String ttl = "0 ms";
            for (String field = json.nextField(STATE_FIELDS); field != null; field = json.nextField(STATE_FIELDS)) {
                if (field.equals("name") || field.equals("ttl")) {
                    String value = json.plainString();
                    if (value == null) {
                        return null;
                    }
                    name = field.equals("name") ? value : name;
                    ttl = field.equals("ttl") ? value : ttl;
                } else {
                    json.skipValue();
                }
            }
            states.add(new OperatorState(name, ttls.computeIfAbsent(ttl, CompiledPlanReader::parseTtl)));
        }
        return states;
    }

    /**
     * The execution plan drawn as Flink prints it, one line per node reached, and its tree built
     * alongside (each node on the line it is drawn on).
     */
    private static final class Drawing {
        final JsonCursor json;
        final Map<Integer, Node> byId;
        final Map<Integer, List<Integer>> inputs;
        final StringBuilder text;
        /** The columns of the ancestors of the node being drawn: {@code "   "} or {@code ":  "} each. */
        final StringBuilder columns = new StringBuilder();
        final Map<Integer, CompiledNode> states = new HashMap<>();
        int line;
        /** False once a description is not a line {@link PlanParser} reads as one node of that text. */
        boolean plainLines = true;

        Drawing(JsonCursor json, Map<Integer, Node> byId, Map<Integer, List<Integer>> inputs) {
            this.text = new StringBuilder().append(HEADER);
            this.json = json;
            this.byId = byId;
            this.inputs = inputs;
        }

        /** The length in chars of the lines {@link #draw} writes for node {@code id} at {@code depth}, line breaks included. */
        int width(int id, int depth) {
            Node node = byId.get(id);
            int width = 3 * depth + (node == null ? ("Unknown(id=[" + id + "])").length() : node.description().length()) + 1;
            List<Integer> children = inputs.getOrDefault(id, List.of());
            for (int i = 0; i < children.size(); i++) {
                width += width(children.get(i), depth + 1);
            }
            return width;
        }

        /**
         * Draws node {@code id} on the next line, under its parent's {@link #columns} and {@code
         * branch} ({@code "+- "} for a last child, {@code ":- "} for another, empty for a root), then
         * its inputs below it.
         */
        PlanNode draw(int id, String branch) {
            Node node = byId.get(id);
            String description = node == null ? "Unknown(id=[" + id + "])" : node.description();
            text.append(columns).append(branch).append(description).append('\n');
            List<Integer> children = inputs.getOrDefault(id, List.of());
            int nodeLine = line;
            if (node != null) {
                Node input = children.isEmpty() ? null : byId.get(children.get(0));
                states.put(line, new CompiledNode(node.type(), node.state(), orderedByTime(node, input)));
            }
            line++;
            int columnsBefore = columns.length();
            if (!branch.isEmpty()) {
                // Below a last child nothing more hangs from its parent's column; below another, it does.
                columns.append(branch.equals("+- ") ? "   " : ":  ");
            }
            List<PlanNode> drawn;
            if (children.size() <= 1) {
                // Immutable lists, which PlanNode keeps without a copy (a null child: not plain, see below).
                PlanNode child = children.isEmpty() ? null : draw(children.get(0), "+- ");
                drawn = child == null ? List.of() : List.of(child);
            } else {
                drawn = new ArrayList<>(children.size());
                for (int i = 0; i < children.size(); i++) {
                    drawn.add(draw(children.get(i), i == children.size() - 1 ? "+- " : ":- "));
                }
            }
            columns.setLength(columnsBefore);
            int name = plainNameLength(description);
            if (name < 0) {
                plainLines = false;
            }
            if (!plainLines) {
                // The section is parsed from the text instead; the tree is not needed.
                return null;
            }
            return new PlanNode(description.substring(0, name), new NodeAttributes(description, name), drawn, nodeLine,
                    description);
        }

        /**
         * For a Rank ({@code "orderBy"}) or OverAggregate ({@code "overSpec"."groups"[0]."orderBy"}):
         * whether the first order key is a time attribute in the input's row type.
         */
        private Optional<Boolean> orderedByTime(Node node, Node input) {
            if ((!node.orderBy().present() && !node.overSpec().present()) || input == null) {
                return Optional.empty();
            }
            long index = plainOrderIndex(node.orderBy());
            if (index == JsonCursor.NOT_PLAIN) {
                JsonNode orderFields = json.tree(node.orderBy().start(), node.orderBy().end()).path("fields");
                if (!orderFields.isArray()) {
                    orderFields = json.tree(node.overSpec().start(), node.overSpec().end())
                            .path("groups").path(0).path("orderBy").path("fields");
                }
                if (!orderFields.isArray() || orderFields.isEmpty()) {
                    return Optional.empty();
                }
                index = orderFields.path(0).path("index").asInt(-1);
            }
            List<String> fieldTypes = fieldTypes(input.outputType());
            if (index < 0 || index >= fieldTypes.size()) {
                return Optional.empty();
            }
            String field = fieldTypes.get((int) index);
            String type = field.substring(field.lastIndexOf('`') + 1);
            return Optional.of(type.contains("*ROWTIME*") || type.contains("*PROCTIME*")
                    || type.startsWith("ROWTIME ") || type.startsWith("PROCTIME "));
        }

        /**
         * A Rank's {@code "orderBy": {"fields": [{"index": 1, ...}, ...]}} read in place: the first
         * key's index, or -1 when there is no key or it has no index; {@link JsonCursor#NOT_PLAIN}
         * for any other shape (no {@code orderBy}, {@code fields} absent, repeated or not an array, an
         * index that is not a plain int), which Jackson reads instead.
         */
        private long plainOrderIndex(Span span) {
            if (!span.present()) {
                return JsonCursor.NOT_PLAIN;
            }
            json.reset(span.start());
            if (!json.consume('{')) {
                return JsonCursor.NOT_PLAIN;
            }
            long index = JsonCursor.NOT_PLAIN;
            boolean seen = false;
            for (String field = json.nextField(FIELDS); field != null; field = json.nextField(FIELDS)) {
                if (!field.equals("fields")) {
                    json.skipValue();
                    continue;
                }
                json.peek();
                int fields = json.position();
                if (seen || !json.consume('[')) {
                    return JsonCursor.NOT_PLAIN;
                }
                seen = true;
                index = json.nextElement() ? firstIndex() : -1;
                if (index == JsonCursor.NOT_PLAIN) {
                    return index;
                }
                json.reset(fields);
                json.skipValue();
            }
            return index;
        }

        /** The {@code "index"} of the order key object at the cursor, -1 without one; {@link JsonCursor#NOT_PLAIN} if not plain. */
        private long firstIndex() {
            if (!json.consume('{')) {
                return JsonCursor.NOT_PLAIN;
            }
            long index = -1;
            boolean seen = false;
            for (String field = json.nextField(INDEX); field != null; field = json.nextField(INDEX)) {
                if (!field.equals("index")) {
                    json.skipValue();
                    continue;
                }
                index = json.plainInt();
                if (seen || index == JsonCursor.NOT_PLAIN) {
                    return JsonCursor.NOT_PLAIN;
                }
                seen = true;
            }
            return index;
        }

        /** The field types of the row type at {@code span}: a plain string read in place, else by Jackson. */
        private List<String> fieldTypes(Span span) {
            if (span.present()) {
                json.reset(span.start());
                String plain = json.plainString();
                if (plain != null) {
                    return CompiledPlanReader.fieldTypes(plain);
                }
            }
            return CompiledPlanReader.fieldTypes(json.tree(span.start(), span.end()));
        }
    }

    /**
     * The length of the operator name heading {@code description} when the description is a line
     * {@link PlanParser#parseSection} reads as one node with this very text ({@code Name} or {@code
     * Name(...)}, ASCII name, no line break, no trailing whitespace that stripping the section would
     * take); else -1.
     */
    static int plainNameLength(String description) {
        int length = description.length();
        if (length == 0 || !asciiLetter(description.charAt(0)) || Character.isWhitespace(description.charAt(length - 1))) {
            return -1;
        }
        int name = 1;
        while (name < length && (asciiLetter(description.charAt(name)) || (description.charAt(name) >= '0'
                && description.charAt(name) <= '9') || description.charAt(name) == '_' || description.charAt(name) == '$')) {
            name++;
        }
        if (name < length && description.charAt(name) != '(') {
            return -1;
        }
        for (int i = name; i < length; i++) {
            char c = description.charAt(i);
            if (c == '\n' || c == '\r' || c == '\u0085' || c == '\u2028' || c == '\u2029') {
                return -1;
            }
        }
        return name;
    }

    private static boolean asciiLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    /**
     * The field types of a row type as the compiled plan writes it: either a string {@code
     * ROW<`a` INT, `t` TIMESTAMP(3) *ROWTIME*>} or an object with {@code "fields"}, where a time
     * attribute's type has {@code "kind": "ROWTIME"} or {@code "PROCTIME"}.
     */
    static List<String> fieldTypes(JsonNode rowType) {
        if (rowType.isObject()) {
            List<String> types = new ArrayList<>();
            for (JsonNode field : rowType.path("fields")) {
                JsonNode type = field.path("fieldType");
                types.add(type.isTextual() ? type.asText() : type.path("kind").asText("") + " " + type);
            }
            return types;
        }
        return fieldTypes(rowType.asText(""));
    }

    /** The field types of a row type written as a string, {@code ROW<`a` INT, `t` TIMESTAMP(3) *ROWTIME*>}. */
    static List<String> fieldTypes(String text) {
        List<String> types = new ArrayList<>();
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
