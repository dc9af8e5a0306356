package io.github.sqlguard.plan;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A planner rejection read to its root. Flink wraps its real reason in outer errors ({@code Error
 * while applying rule FlinkLogicalOverAggregateConverter ...} around {@code Over Agg: The window
 * rank function requires order by clause ...}; {@code Unable to create a source for reading table
 * ...} around {@code Unsupported options found for 'datagen'}), and the gateway wraps them once more
 * ({@code Failed to execute the operation ...}). This value keeps every message of the chain, the
 * most specific first, so a diagnosis can match whichever level carries its symptom.
 *
 * <p>The most specific cause is the deepest exception with a message, following causes and
 * suppressed exceptions (a cause before the suppressed ones at the same depth). The gateway's own
 * wrappers ({@code org.apache.flink.table.gateway.*}, {@code ExecutionException}, {@code
 * CompletionException}), messages that only repeat a cause's {@code toString()}, and repeats are
 * left out. Calcite's list of expected tokens ({@code Was expecting ...}) is cut off.
 *
 * <p>{@link #text()} shows the root reason first, then each outer context on its own line after
 * {@value #CONTEXT}; an outer message that restates the one inside it ({@code SQL validation failed.
 * From line 1, column 15 to line 1, column 20: Object 'clicks' not found}) contributes only what it
 * adds. {@link #of(String)} reads that text back, and reads a printed stack trace ({@code Caused by:}
 * lines) the same way as the exceptions it was printed from.
 *
 * <p>Read once per rejected statement, from Flink's own exception ({@link #of(Throwable)}: the
 * whole cause chain), and shared by every rule that explains a rejection ({@code
 * rules.AnalysisContext#plannerError()}): the diagnoses match against this object and never parse
 * the error text again.
 *
 * <p>Stability: public, evolving.
 *
 * @param root the most specific reason: the message of the deepest cause
 * @param chain every message of the chain, root first, then outwards
 * @param text the whole error for people: root first, then the outer context
 */
public record PlannerError(String root, List<String> chain, String text) {

    /** Marks an outer context line in {@link #text()}. */
    public static final String CONTEXT = "Context: ";

    private static final String APPLYING_RULE = "Error while applying rule ";

    private static final Pattern FRAME = Pattern.compile("^\\s+(at \\S+\\(.*\\)|\\.\\.\\. \\d+ (more|common frames omitted))$");

    private static final Pattern CAUSE_LINE =
            Pattern.compile("^(\\s*)(Caused by|Suppressed): ([\\w$.]+)(?::\\s?(.*))?$");

    private static final Pattern EXCEPTION_HEAD = Pattern.compile("^([a-zA-Z_$][\\w$]*(?:\\.[\\w$]+)+)(?::\\s?(.*))?$");

    public PlannerError {
        chain = List.copyOf(chain);
    }

    /** Reads {@code t}'s whole chain: causes and suppressed exceptions, guarded against cycles. */
    public static PlannerError of(Throwable t) {
        List<Entry> entries = new ArrayList<>();
        walk(t, 0, false, entries, Collections.newSetFromMap(new IdentityHashMap<>()));
        if (entries.isEmpty()) {
            // Nothing but wrappers: their messages are all there is.
            walk(t, 0, true, entries, Collections.newSetFromMap(new IdentityHashMap<>()));
        }
        // Deepest first; a stable sort keeps the cause before the suppressed ones at one depth.
        entries.sort((a, b) -> Integer.compare(b.depth, a.depth));
        List<String> messages = new ArrayList<>();
        for (Entry e : entries) {
            messages.add(e.message);
        }
        return fromMessages(messages, t.toString());
    }

    /**
     * Reads an error that is only available as text: a printed stack trace ({@code Caused by:} and
     * {@code Suppressed:} lines), this class's own {@link #text()}, or a single message.
     */
    public static PlannerError of(String text) {
        String t = text == null ? "" : text.strip();
        List<String> lines = t.lines().toList();
        boolean stackTrace = lines.stream().anyMatch(l -> CAUSE_LINE.matcher(l).matches())
                || lines.stream().anyMatch(l -> FRAME.matcher(l).matches());
        if (stackTrace) {
            return fromStackTrace(lines, t);
        }
        List<String> messages = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String line : lines) {
            if (line.startsWith(CONTEXT)) {
                messages.add(current.toString().strip());
                current.setLength(0);
                current.append(line.substring(CONTEXT.length()));
            } else {
                if (current.length() > 0) {
                    current.append('\n');
                }
                current.append(line);
            }
        }
        messages.add(current.toString().strip());
        messages.removeIf(String::isEmpty);
        if (messages.isEmpty()) {
            return new PlannerError(t, List.of(t), t);
        }
        // Already root first: keep the order and the text as given.
        return new PlannerError(messages.get(0), messages, t);
    }

    /** The first message of the chain, root first, that {@code symptom} accepts. */
    public Optional<String> find(Predicate<String> symptom) {
        return chain.stream().filter(symptom).findFirst();
    }

    /** The first message of the chain, root first, that contains {@code fragment}. */
    public Optional<String> find(String fragment) {
        return find(m -> m.contains(fragment));
    }

    /** The first line of {@link #root()}, for one-line summaries. */
    public String headline() {
        return root.lines().findFirst().orElse(root).strip();
    }

    private record Entry(String message, int depth) {}

    private static void walk(
            Throwable t, int depth, boolean wrappers, List<Entry> entries, Set<Throwable> seen) {
        if (t == null || !seen.add(t)) {
            return;
        }
        String message = cleaned(t.getMessage());
        if (message != null && (t instanceof ClassNotFoundException || t instanceof NoClassDefFoundError)) {
            // A bare class name says nothing on its own: keep what kind of failure it is.
            message = t.getClass().getSimpleName() + ": " + message;
        }
        Throwable cause = t.getCause();
        boolean repeatsCause = cause != null && message != null && message.equals(cause.toString());
        if (message != null && !message.isEmpty() && !repeatsCause
                && (wrappers || !isGatewayWrapper(t.getClass().getName()))) {
            entries.add(new Entry(message, depth));
        }
        walk(cause, depth + 1, wrappers, entries, seen);
        for (Throwable suppressed : t.getSuppressed()) {
            walk(suppressed, depth + 1, wrappers, entries, seen);
        }
    }

    private static PlannerError fromStackTrace(List<String> lines, String whole) {
        // Messages of the primary chain (no indentation) outer to inner, then indented ones (suppressed).
        List<String> primary = new ArrayList<>();
        List<String> nested = new ArrayList<>();
        String className = null;
        boolean indented = false;
        StringBuilder message = null;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            Matcher cause = CAUSE_LINE.matcher(line);
            if (i == 0 || cause.matches()) {
                add(className, message, indented, primary, nested);
                if (cause.matches()) {
                    indented = !cause.group(1).isEmpty() || cause.group(2).equals("Suppressed");
                    className = cause.group(3);
                    message = new StringBuilder(cause.group(4) == null ? "" : cause.group(4));
                } else {
                    Matcher head = EXCEPTION_HEAD.matcher(line.strip());
                    indented = false;
                    className = head.matches() ? head.group(1) : null;
                    message = new StringBuilder(head.matches() ? (head.group(2) == null ? "" : head.group(2)) : line);
                }
            } else if (FRAME.matcher(line).matches()) {
                add(className, message, indented, primary, nested);
                message = null;
            } else if (message != null) {
                message.append('\n').append(line);
            }
        }
        add(className, message, indented, primary, nested);
        List<String> messages = new ArrayList<>(primary);
        Collections.reverse(messages);
        messages.addAll(nested);
        return fromMessages(messages, whole);
    }

    private static void add(
            String className, StringBuilder message, boolean indented, List<String> primary, List<String> nested) {
        if (message == null || (className != null && isGatewayWrapper(className))) {
            return;
        }
        String m = cleaned(message.toString());
        if (m != null && !m.isEmpty()) {
            (indented ? nested : primary).add(m);
        }
    }

    /** {@code messages} root first; builds the text from groups of messages that restate each other. */
    private static PlannerError fromMessages(List<String> messages, String fallback) {
        List<String> chain = new ArrayList<>();
        for (String m : messages) {
            if (!chain.contains(m)) {
                chain.add(m);
            }
        }
        if (chain.isEmpty()) {
            String f = cleaned(fallback);
            return new PlannerError(f, List.of(f), f);
        }
        // A group is a run of messages each of which contains the one before: an outer error that
        // restates its cause with more context. The root's group shows as the root plus what its
        // outermost message adds; every later group as its outermost message.
        List<List<String>> groups = new ArrayList<>();
        for (String m : chain) {
            List<String> last = groups.isEmpty() ? null : groups.get(groups.size() - 1);
            if (last != null && m.contains(last.get(last.size() - 1))) {
                last.add(m);
            } else {
                groups.add(new ArrayList<>(List.of(m)));
            }
        }
        StringBuilder text = new StringBuilder(chain.get(0));
        for (int g = 0; g < groups.size(); g++) {
            List<String> group = groups.get(g);
            String outermost = group.get(group.size() - 1);
            String context = g == 0 ? added(group) : outermost;
            if (!context.isEmpty()) {
                text.append('\n').append(CONTEXT).append(context);
            }
        }
        return new PlannerError(chain.get(0), chain, text.toString());
    }

    /**
     * What the outer messages of a group add to its innermost one: each one's text before and after
     * the message it restates, outermost first, a piece that only repeats its neighbour once ({@code
     * SQL validation failed. SQL validation failed. From line 1, ...} is what the gateway's EXPLAIN
     * gives).
     */
    private static String added(List<String> group) {
        List<String> before = new ArrayList<>();
        List<String> after = new ArrayList<>();
        for (int i = 1; i < group.size(); i++) {
            String outer = group.get(i);
            String inner = group.get(i - 1);
            int at = outer.indexOf(inner);
            String pre = outer.substring(0, at).strip();
            String post = outer.substring(at + inner.length()).strip();
            if (!pre.isEmpty() && (before.isEmpty() || !before.get(0).equals(pre))) {
                before.add(0, pre);
            }
            if (!post.isEmpty() && (after.isEmpty() || !after.get(after.size() - 1).equals(post))) {
                after.add(post);
            }
        }
        before.addAll(after);
        String rest = String.join(" ", before).strip();
        while (rest.endsWith(":") || rest.endsWith(",")) {
            rest = rest.substring(0, rest.length() - 1).strip();
        }
        return rest;
    }

    private static String cleaned(String message) {
        if (message == null) {
            return null;
        }
        String m = message;
        int expecting = m.indexOf("Was expecting");
        if (expecting > 0) {
            m = m.substring(0, expecting);
        }
        // Calcite's wrapper of an error a planner rule raised (VolcanoRuleCall#onMatch: "Error while applying rule
        // R, args [rel#626:...]") names the rule, then the rule's input relations by ids that depend on what the JVM
        // planned before: the rule is kept, the ids are not.
        if (m.startsWith(APPLYING_RULE)) {
            int args = m.indexOf(", args [");
            if (args > 0) {
                m = m.substring(0, args);
            }
        }
        return m.strip();
    }

    private static boolean isGatewayWrapper(String className) {
        return className.startsWith("org.apache.flink.table.gateway.")
                || className.equals("java.util.concurrent.ExecutionException")
                || className.equals("java.util.concurrent.CompletionException");
    }
}
