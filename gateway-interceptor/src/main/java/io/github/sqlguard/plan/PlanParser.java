package io.github.sqlguard.plan;

import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.types.RowKind;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the text of a Flink {@code EXPLAIN} result into the plan model, for a statement Flink
 * could not compile (batch mode; a query the analysis sink cannot take). The model then has what
 * the text gives: the {@code == Optimized Execution Plan ==} section's nodes, their descriptions,
 * inputs and printed attributes; no output types and no state (state TTLs are then inferred, and
 * the findings say so). Node ids are the guard's own, in print order from 1: the text prints no
 * ExecNode ids.
 *
 * <p>Input shape (Flink 2.3, {@code TableEnvironmentImpl#explainInternal}): sections headed {@code
 * == Title ==}; in each, one tree per sink; a child line is prefixed by its ancestors' columns
 * ({@code "   "} or {@code ":  "}) and then {@code "+- "} (last child) or {@code ":- "} (other
 * children). A node line is {@code Name(key=[value], key=[value], ...)}, followed by {@code
 * (reuse_id=[n])} where the node is reused, and printed as {@code Reused(reference_id=[n])} where
 * it is met again.
 *
 * <p>Lenient: a line that is not a node line (for example advice text after {@code PLAN_ADVICE})
 * is ignored; the parser never throws on text it does not understand. Stateless and thread-safe.
 */
public final class PlanParser {

    static final String EXECUTION_PLAN = "Optimized Execution Plan";
    static final String PHYSICAL_PLAN = "Optimized Physical Plan";

    private static final Pattern SECTION_TITLE = Pattern.compile("^== (.+) ==\\s*$");
    private static final Pattern NODE_NAME = Pattern.compile("^([A-Za-z][A-Za-z0-9_$]*)(\\(|$)");
    private static final Pattern REUSE_ID = Pattern.compile("\\(reuse_id=\\[(\\d+)]\\)\\s*$");
    private static final Pattern REFERENCE_ID = Pattern.compile("^Reused\\(reference_id=\\[(\\d+)]\\)");

    /** One printed node line of a section, with its children. */
    record Printed(String name, String content, Map<String, String> attributes, List<Printed> children) {}

    /** Reads a whole EXPLAIN result. */
    public ExplainedPlan parse(String explainText) {
        Map<String, String> sections = sections(explainText);
        List<Printed> roots = trees(sections.getOrDefault(EXECUTION_PLAN, ""));
        List<Printed> physical = trees(sections.getOrDefault(PHYSICAL_PLAN, ""));
        List<String> changelogModes = new ArrayList<>();
        for (Printed root : physical) {
            collectOverChangelogModes(root, changelogModes);
        }
        return new TextPlan(changelogModes).read(roots).withChangelogModes(changelogModes(physical, roots));
    }

    /**
     * The {@code changelogMode} the physical plan prints for each node ({@code ExplainDetail.CHANGELOG_MODE}: {@code
     * changelogMode=[I,UB,UA,D]}, Flink's {@code ChangelogPlanUtils#stringifyChangelogMode}), by the id the execution
     * plan's node of the same place gets: Flink generates one ExecNode per physical node ({@code
     * ExecNodeGraphGenerator}), so the two sections draw the same trees; where they do not (a different count of nodes
     * or of inputs at one place), none. A node whose mode is not printed, or printed as {@code NONE} (a sink), has none.
     */
    private static Map<Integer, ChangelogMode> changelogModes(
            List<Printed> physical, List<Printed> execution) {
        List<Printed> physicalNodes = new ArrayList<>();
        List<Printed> executionNodes = new ArrayList<>();
        physical.forEach(root -> preorder(root, physicalNodes));
        execution.forEach(root -> preorder(root, executionNodes));
        Map<Integer, ChangelogMode> modes = new HashMap<>();
        if (physicalNodes.size() != executionNodes.size()) {
            return modes;
        }
        for (int i = 0; i < physicalNodes.size(); i++) {
            if (physicalNodes.get(i).children().size() != executionNodes.get(i).children().size()) {
                return new HashMap<>();
            }
        }
        for (int i = 0; i < physicalNodes.size(); i++) {
            // Ids in print order from 1, as TextPlan gives them.
            int id = i + 1;
            changelogMode(physicalNodes.get(i).attributes().getOrDefault("changelogMode", ""))
                    .ifPresent(mode -> modes.put(id, mode));
        }
        return modes;
    }

    /** The nodes of a tree in print order, as {@link TextPlan} numbers them: a {@code Reused} reference is none. */
    private static void preorder(Printed node, List<Printed> out) {
        if (REFERENCE_ID.matcher(node.content()).lookingAt()) {
            return;
        }
        out.add(node);
        for (Printed child : node.children()) {
            preorder(child, out);
        }
    }

    /** {@code I,UB,UA,D} as Flink prints a mode ({@code PD}, a partial delete of 2.x, is a delete); empty for anything else. */
    static Optional<ChangelogMode> changelogMode(String printed) {
        String kinds = printed.strip();
        if (kinds.startsWith("[") && kinds.endsWith("]")) {
            kinds = kinds.substring(1, kinds.length() - 1);
        }
        if (kinds.isBlank()) {
            return Optional.empty();
        }
        ChangelogMode.Builder mode = ChangelogMode.newBuilder();
        for (String kind : kinds.split(",")) {
            switch (kind.strip()) {
                case "I" -> mode.addContainedKind(RowKind.INSERT);
                case "UB" -> mode.addContainedKind(RowKind.UPDATE_BEFORE);
                case "UA" -> mode.addContainedKind(RowKind.UPDATE_AFTER);
                case "D", "PD" -> mode.addContainedKind(RowKind.DELETE);
                default -> {
                    return Optional.empty();
                }
            }
        }
        return Optional.of(mode.build());
    }

    /** The sections of an EXPLAIN result by title, each the lines under its {@code == Title ==} header. */
    private static Map<String, String> sections(String explainText) {
        Map<String, String> sections = new LinkedHashMap<>();
        String title = null;
        StringBuilder body = new StringBuilder();
        for (String line : explainText.split("\\R", -1)) {
            // Cheap test first: the regex runs only on the few lines that can be titles.
            Matcher m = line.startsWith("== ") ? SECTION_TITLE.matcher(line) : null;
            if (m != null && m.matches()) {
                if (title != null) {
                    sections.putIfAbsent(title, body.toString());
                }
                title = m.group(1).trim();
                body.setLength(0);
            } else if (title != null) {
                body.append(line).append('\n');
            }
        }
        if (title != null) {
            sections.putIfAbsent(title, body.toString());
        }
        return sections;
    }

    /** The trees of one section's text, in printed order. */
    static List<Printed> trees(String sectionText) {
        List<Builder> roots = new ArrayList<>();
        // The open path from the current root: (depth, builder).
        Deque<Builder> path = new ArrayDeque<>();
        for (String line : sectionText.strip().split("\n", -1)) {
            if (line.isBlank()) {
                continue;
            }
            int prefix = prefixLength(line);
            String content = line.substring(prefix).stripTrailing();
            Matcher m = NODE_NAME.matcher(content);
            if (!m.lookingAt() || prefix % 3 != 0 || (prefix > 0 && !isBranch(line, prefix))) {
                continue;
            }
            int depth = prefix / 3;
            Builder node = new Builder(m.group(1), content, depth);
            while (!path.isEmpty() && path.peek().depth >= depth) {
                path.pop();
            }
            if (depth == 0 || path.isEmpty()) {
                roots.add(node);
                path.clear();
            } else {
                path.peek().children.add(node);
            }
            path.push(node);
        }
        List<Printed> built = new ArrayList<>(roots.size());
        for (Builder root : roots) {
            built.add(root.build());
        }
        return built;
    }

    /** The {@code changelogMode} of each {@code OverAggregate} of a physical plan tree, in print order. */
    private static void collectOverChangelogModes(Printed node, List<String> modes) {
        if (node.name().equals("OverAggregate")) {
            modes.add(node.attributes().getOrDefault("changelogMode", ""));
        }
        for (Printed child : node.children()) {
            collectOverChangelogModes(child, modes);
        }
    }

    private static boolean isBranch(String line, int prefix) {
        return line.startsWith("+- ", prefix - 3) || line.startsWith(":- ", prefix - 3);
    }

    /** Length of the tree-drawing prefix made of {@code "   "}, {@code ":  "}, {@code "+- "}, {@code ":- "}. */
    private static int prefixLength(String line) {
        int i = 0;
        while (i + 3 <= line.length()) {
            boolean branch = line.startsWith("+- ", i) || line.startsWith(":- ", i);
            if (branch || line.startsWith("   ", i) || line.startsWith(":  ", i)) {
                i += 3;
                if (branch) {
                    break;
                }
            } else {
                break;
            }
        }
        return i;
    }

    /**
     * The printed plan made into the model: ids in print order, a reused node's references joined
     * to it, each node's typed view from its attributes.
     */
    private static final class TextPlan {

        private final List<String> overChangelogModes;
        private final Map<Integer, PlanNode> byId = new LinkedHashMap<>();
        private final Map<Integer, Printed> printedOf = new HashMap<>();
        private final Map<String, Integer> reuseIds = new HashMap<>();
        private int next = 1;

        TextPlan(List<String> overChangelogModes) {
            this.overChangelogModes = overChangelogModes;
        }

        ExplainedPlan read(List<Printed> roots) {
            List<Integer> rootIds = new ArrayList<>();
            for (Printed root : roots) {
                Integer id = add(root);
                if (id != null) {
                    rootIds.add(id);
                }
            }
            // Typed in drawing order, which is print order: the k-th OverAggregate is the physical plan's k-th.
            return ExplainedPlan.of(byId, rootIds, false, new TextOperators(byId, printedOf, overChangelogModes)::of,
                    (node, column) -> Optional.empty());
        }

        /** Adds {@code printed} and the nodes under it; its id, or that of the node it refers to. */
        private Integer add(Printed printed) {
            Matcher reference = REFERENCE_ID.matcher(printed.content());
            if (reference.lookingAt()) {
                return reuseIds.get(reference.group(1));
            }
            // Ids in print order: this node's before its inputs'.
            int id = next++;
            Matcher reuse = REUSE_ID.matcher(printed.content());
            String description = printed.content();
            if (reuse.find()) {
                reuseIds.put(reuse.group(1), id);
                description = description.substring(0, reuse.start()).stripTrailing();
            }
            printedOf.put(id, printed);
            List<Integer> inputs = new ArrayList<>(printed.children().size());
            for (Printed child : printed.children()) {
                Integer input = add(child);
                if (input != null) {
                    inputs.add(input);
                }
            }
            byId.put(id, new PlanNode(id, printed.name(), "", description, inputs, OutputType.UNKNOWN, List.of(),
                    TableNames.ofPrinted(printed.attributes().getOrDefault("table", ""))));
            return id;
        }
    }

    /**
     * Reads {@code key=[value], key=value} pairs from the parentheses that follow the node name.
     * Brackets and parentheses nest; text in single quotes is taken literally; the first of a repeated
     * key counts. Returns an immutable map.
     */
    static Map<String, String> attributes(String content, int nameLength) {
        if (nameLength >= content.length() || content.charAt(nameLength) != '(') {
            return Map.of();
        }
        Map<String, String> attributes = new LinkedHashMap<>();
        int end = matching(content, nameLength, content.length(), '(', ')');
        // The text between the parentheses is [from, limit) of content.
        int limit = end < 0 ? content.length() : end;
        int i = nameLength + 1;
        while (i < limit) {
            int eq = content.indexOf('=', i);
            if (eq < 0 || eq >= limit) {
                break;
            }
            String key = content.substring(i, eq).strip();
            int valueStart = eq + 1;
            String value;
            int next;
            if (valueStart < limit && content.charAt(valueStart) == '[') {
                int close = matching(content, valueStart, limit, '[', ']');
                if (close < 0) {
                    close = limit;
                }
                value = content.substring(valueStart + 1, close);
                next = close + 1;
            } else {
                int comma = topLevelComma(content, valueStart, limit);
                value = content.substring(valueStart, comma).strip();
                next = comma;
            }
            attributes.putIfAbsent(key, value);
            // skip ", "
            while (next < limit && (content.charAt(next) == ',' || content.charAt(next) == ' ')) {
                next++;
            }
            i = next;
        }
        return Map.copyOf(attributes);
    }

    /** The items of a printed list ({@code a, b AS c, f(x, y)}), split at the commas outside brackets and quotes. */
    static List<String> items(String list) {
        List<String> items = new ArrayList<>();
        int from = 0;
        while (from < list.length()) {
            int comma = topLevelComma(list, from, list.length());
            String item = list.substring(from, comma).strip();
            if (!item.isEmpty()) {
                items.add(item);
            }
            from = comma + 1;
        }
        return items;
    }

    /** Index of the first comma at nesting depth 0 in {@code [from, limit)} of {@code s}, or {@code limit}. */
    private static int topLevelComma(String s, int from, int limit) {
        int depth = 0;
        boolean quoted = false;
        for (int i = from; i < limit; i++) {
            char c = s.charAt(i);
            if (c == '\'' && !isWindowPropertyMarker(s, i)) {
                quoted = !quoted;
            } else if (!quoted) {
                if (c == '[' || c == '(') {
                    depth++;
                } else if (c == ']' || c == ')') {
                    depth--;
                } else if (c == ',' && depth <= 0) {
                    return i;
                }
            }
        }
        return limit;
    }

    /** Index before {@code limit} of the bracket closing the one at {@code open}, or -1. Quoted text is skipped. */
    private static int matching(String s, int open, int limit, char openChar, char closeChar) {
        int depth = 0;
        boolean quoted = false;
        for (int i = open; i < limit; i++) {
            char c = s.charAt(i);
            if (c == '\'' && !isWindowPropertyMarker(s, i)) {
                quoted = !quoted;
            } else if (!quoted) {
                if (c == openChar) {
                    depth++;
                } else if (c == closeChar) {
                    depth--;
                    if (depth == 0) {
                        return i;
                    }
                }
            }
        }
        return -1;
    }

    /** Flink prints window properties as {@code start('w$)}: that quote opens no literal. */
    private static boolean isWindowPropertyMarker(String s, int quote) {
        return s.startsWith("'w$", quote);
    }

    private static final class Builder {
        final String name;
        final String content;
        final int depth;
        final List<Builder> children = new ArrayList<>();

        Builder(String name, String content, int depth) {
            this.name = name;
            this.content = content;
            this.depth = depth;
        }

        Printed build() {
            List<Printed> built = new ArrayList<>(children.size());
            for (Builder child : children) {
                built.add(child.build());
            }
            return new Printed(name, content, attributes(content, name.length()), List.copyOf(built));
        }
    }
}
