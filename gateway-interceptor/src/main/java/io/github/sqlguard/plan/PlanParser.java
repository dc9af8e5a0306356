package io.github.sqlguard.plan;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses the text of a Flink {@code EXPLAIN} result into {@link ExplainedPlan sections} of {@link
 * PlanNode trees}.
 *
 * <p>Input shape (Flink 2.3, {@code TableEnvironmentImpl#explainInternal}): sections headed {@code
 * == Title ==}; in each, one tree per sink; a child line is prefixed by its ancestors' columns
 * ({@code "   "} or {@code ":  "}) and then {@code "+- "} (last child) or {@code ":- "} (other
 * children). A node line is {@code Name(key=[value], key=[value], ...)}, optionally followed by
 * {@code (reuse_id=[n])}.
 *
 * <p>Lenient: a line that is not a node line (for example advice text after {@code PLAN_ADVICE})
 * is ignored; the parser never throws on text it does not understand. Stateless and thread-safe.
 */
public final class PlanParser {

    private static final Pattern SECTION_TITLE = Pattern.compile("^== (.+) ==\\s*$");
    private static final Pattern NODE_NAME = Pattern.compile("^([A-Za-z][A-Za-z0-9_$]*)(\\(|$)");

    /** Parses a whole EXPLAIN result. */
    public ExplainedPlan parse(String explainText) {
        List<PlanSection> sections = new ArrayList<>();
        String title = null;
        StringBuilder body = new StringBuilder();
        for (String line : explainText.split("\\R", -1)) {
            // Cheap test first: the regex runs only on the few lines that can be titles.
            Matcher m = line.startsWith("== ") ? SECTION_TITLE.matcher(line) : null;
            if (m != null && m.matches()) {
                if (title != null) {
                    sections.add(parseSection(title, body.toString()));
                }
                title = m.group(1).trim();
                body.setLength(0);
            } else if (title != null) {
                body.append(line).append('\n');
            }
        }
        if (title != null) {
            sections.add(parseSection(title, body.toString()));
        }
        return new ExplainedPlan(explainText, sections);
    }

    /** Parses the body of one section (the lines under its {@code == Title ==} header). */
    public PlanSection parseSection(String title, String sectionText) {
        String text = sectionText.strip();
        String[] lines = text.split("\n", -1);
        List<PlanNode> roots = new ArrayList<>();
        // Stack of (depth, builder) for the open path from the current root.
        Deque<Builder> path = new ArrayDeque<>();
        List<Builder> rootBuilders = new ArrayList<>();
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (line.isBlank()) {
                continue;
            }
            int prefix = prefixLength(line);
            String content = line.substring(prefix);
            Matcher m = NODE_NAME.matcher(content);
            if (!m.lookingAt()) {
                continue;
            }
            int depth = prefix / 3;
            if (prefix % 3 != 0 || (prefix > 0 && !isBranch(line, prefix))) {
                continue;
            }
            Builder node = new Builder(m.group(1), new NodeAttributes(content, m.group(1).length()), i, content);
            while (!path.isEmpty() && path.peek().depth >= depth) {
                path.pop();
            }
            node.depth = depth;
            if (depth == 0 || path.isEmpty()) {
                rootBuilders.add(node);
                path.clear();
            } else {
                path.peek().children.add(node);
            }
            path.push(node);
        }
        for (Builder b : rootBuilders) {
            roots.add(b.build());
        }
        return new PlanSection(title, text, roots);
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
     * Reads {@code key=[value], key=value} pairs from the parentheses that follow the node name.
     * Brackets and parentheses nest; text in single quotes is taken literally; the first of a repeated
     * key counts. Works on offsets in {@code content}: only the keys and values are copied out of it.
     * Returns an immutable map.
     */
    static Map<String, String> attributes(String content, int nameLength) {
        if (nameLength >= content.length() || content.charAt(nameLength) != '(') {
            return Map.of();
        }
        // Collected as entries and made an immutable map once, the one PlanNode keeps: a node has
        // a handful of attributes, so a repeated key (the first one counts) is found by a scan.
        List<Map.Entry<String, String>> attributes = new ArrayList<>(8);
        int end = matching(content, nameLength, content.length(), '(', ')');
        // The text between the parentheses is [from, limit) of content.
        int limit = end < 0 ? content.length() : end;
        int i = nameLength + 1;
        while (i < limit) {
            int eq = content.indexOf('=', i);
            if (eq < 0 || eq >= limit) {
                break;
            }
            String key = trimmed(content, i, eq);
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
                value = trimmed(content, valueStart, comma);
                next = comma;
            }
            if (!hasKey(attributes, key)) {
                attributes.add(Map.entry(key, value));
            }
            // skip ", "
            while (next < limit && (content.charAt(next) == ',' || content.charAt(next) == ' ')) {
                next++;
            }
            i = next;
        }
        @SuppressWarnings("unchecked")
        Map.Entry<String, String>[] entries = attributes.toArray(new Map.Entry[0]);
        return Map.ofEntries(entries);
    }

    private static boolean hasKey(List<Map.Entry<String, String>> entries, String key) {
        for (Map.Entry<String, String> entry : entries) {
            if (entry.getKey().equals(key)) {
                return true;
            }
        }
        return false;
    }

    /** {@code s.substring(from, to).trim()}, copying only the trimmed text. */
    private static String trimmed(String s, int from, int to) {
        while (from < to && s.charAt(from) <= ' ') {
            from++;
        }
        while (to > from && s.charAt(to - 1) <= ' ') {
            to--;
        }
        return s.substring(from, to);
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
        final Map<String, String> attributes;
        final int line;
        final String text;
        final List<Builder> children = new ArrayList<>();
        int depth;

        Builder(String name, Map<String, String> attributes, int line, String text) {
            this.name = name;
            this.attributes = attributes;
            this.line = line;
            this.text = text;
        }

        PlanNode build() {
            List<PlanNode> built = new ArrayList<>(children.size());
            for (Builder child : children) {
                built.add(child.build());
            }
            return new PlanNode(name, attributes, built, line, text);
        }
    }
}
